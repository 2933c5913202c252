import { readAdminToken, writeAdminToken } from '~/lib/admin-session';
import { AdminApiError, AdminAuthError } from './admin-api';

/** Uploads one image with progress (XMLHttpRequest: fetch has no upload progress). */
export function uploadImage(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const token = readAdminToken();
    if (!token) {
      reject(new AdminAuthError());
      return;
    }
    const request = new XMLHttpRequest();
    request.open('POST', '/api/admin/uploads');
    request.setRequestHeader('X-Admin-Session', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new Error('Network error'));
    request.onload = () => {
      let body: { url?: string; error?: string } = {};
      try {
        body = JSON.parse(request.responseText) as typeof body;
      } catch {
        body = {};
      }
      if (request.status === 401) {
        writeAdminToken(null);
        reject(new AdminAuthError());
      } else if (request.status >= 200 && request.status < 300 && body.url) resolve(body.url);
      else reject(new AdminApiError(body.error ?? `Upload failed (${request.status})`, request.status));
    };
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
