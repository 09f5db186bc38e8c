import type { CsvSeparator } from '@lanparty/contract/rules';
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-download.ts';
import { saveFile } from '../../../lib/save-file.ts';

export type DownloadParticipantsInput = { lanId: number; separator: CsvSeparator };

/**
 * GET /api/lans/{id}/participants.csv?separator=…, saved as a download. Fetched rather
 * than linked: the call needs the bearer token, which a plain link does not carry.
 */
export async function downloadParticipants({
  lanId,
  separator,
}: DownloadParticipantsInput): Promise<void> {
  const { blob, fileName } = await apiDownload(`/api/lans/${lanId}/participants.csv`, {
    query: { separator },
  });
  saveFile(blob, fileName ?? `lan-${lanId}-participants.csv`);
}

export function useDownloadParticipants() {
  return useMutation({ mutationFn: downloadParticipants });
}
