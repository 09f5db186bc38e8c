import { type ApiRequest, apiFetch } from './api-client.ts';

/*
 * Files from the API (the participants CSV), apart from api-client.ts: only the admin
 * screens download, so the first screen does not carry it.
 */

/** A file the API answered with, and the name it suggested (Content-Disposition), if any. */
export type ApiDownload = { blob: Blob; fileName: string | null };

/**
 * Fetches a file (a CSV export) with the bearer token, for the caller to save: a plain
 * link would not carry the token. A refusal is an ApiError, as with apiRequest.
 */
export async function apiDownload(path: string, request: ApiRequest = {}): Promise<ApiDownload> {
  const response = await apiFetch(path, {
    ...request,
    headers: { Accept: '*/*', ...request.headers },
  });
  return {
    blob: await response.blob(),
    fileName: readFileName(response.headers.get('Content-Disposition')),
  };
}

/**
 * The file name of a Content-Disposition header (RFC 6266): the UTF-8 `filename*` when
 * given, else the plain `filename`, quoted or not.
 */
function readFileName(contentDisposition: string | null): string | null {
  if (!contentDisposition) return null;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;\s]+)/i.exec(contentDisposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(contentDisposition);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2]?.trim();
  return name || null;
}
