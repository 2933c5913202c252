import path from 'node:path';
import type { Config } from '../config.server';
import { createLocalImageStorage, type ImageStorage } from './image-storage';

/** The configured image store: DATA_DIR/uploads (served at /uploads/* by the HTTP shell). */
export function getImageStorage(config: Pick<Config, 'dataDir'>): ImageStorage {
  return createLocalImageStorage({ uploadsDir: path.join(config.dataDir, 'uploads') });
}
