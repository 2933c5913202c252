import { ADMIN_SESSION_HEADER } from '@domain/admin-session';
import { readAdminToken } from '~/lib/admin/admin-session';
import { ApiError } from '~/lib/json-api';
import { adminSessionLost } from './admin-api';

/** Uploads one image with progress (XMLHttpRequest: fetch has no upload progress). */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const token = readAdminToken();
    if (!token) {
      reject(adminSessionLost());
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/uploads');
    request.setRequestHeader(ADMIN_SESSION_HEADER, token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError('Network error', 0, 'network'));
    request.onload = () => {
      let body: { url?: string; error?: string; code?: string } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        body = {};
      }
      if (request.status === 401) reject(adminSessionLost());
      else if (request.status >= 200 && request.status < 300 && body.url) resolve(body.url);
      else reject(new ApiError(body.error ?? `Upload failed (${request.status})`, request.status, body.code ?? null));
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
