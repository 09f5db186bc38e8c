import type { CsvSeparator } from '@lanparty/contract/rules';
import { Download } from 'lucide-react';
import { useId } from 'react';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { useDownloadParticipants } from '../api/download-participants.ts';
import { useCsvSeparatorChoice } from './csv-separator-choice.ts';
import styles from './participants.module.css';

/** The dialects as an organiser recognises them: by their spreadsheet and how 27.50 reads. */
const separatorLabels: Record<CsvSeparator, string> = {
  comma: 'Most spreadsheets (comma, 27.50)',
  semicolon: 'Dutch spreadsheets (semicolon, 27,50)',
};

/**
 * The CSV export of a lan's participants, in the spreadsheet dialect chosen beside the
 * button (remembered for next time); a refusal is said right below it.
 */
export function ParticipantsDownload({ lanId }: { lanId: number }) {
  const download = useDownloadParticipants();
  const [separator, setSeparator] = useCsvSeparatorChoice();
  const selectId = useId();
  return (
    <>
      <div className={styles.download}>
        <label className={styles.downloadLabel} htmlFor={selectId}>
          CSV for
        </label>
        <select
          id={selectId}
          className={`${forms.input} ${styles.downloadSelect}`}
          value={separator}
          onChange={(event) => setSeparator(event.target.value as CsvSeparator)}
        >
          {(Object.keys(separatorLabels) as CsvSeparator[]).map((value) => (
            <option key={value} value={value}>
              {separatorLabels[value]}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={controls.buttonSecondary}
          disabled={download.isPending}
          onClick={() => download.mutate({ lanId, separator })}
        >
          <Download aria-hidden="true" size={18} />
          {download.isPending ? 'Downloading…' : 'Download CSV'}
        </button>
      </div>
      {download.isError ? (
        <p className={`${controls.alert} ${styles.downloadFailure}`} role="alert">
          The CSV could not be downloaded: {describeError(download.error)}
        </p>
      ) : null}
    </>
  );
}
