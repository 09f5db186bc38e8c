import type { Role, SignUp } from '@lanparty/contract';
import { Check, X } from 'lucide-react';
import { useId } from 'react';
import controls from '../../../components/controls.module.css';
import table from '../../../components/data-table.module.css';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { Link } from '../../../lib/router/index.tsx';
import { describeMissing, listFieldsInWords } from './readiness.ts';
import styles from './sign-ups-table.module.css';

type SignUpsTableProps = {
  signUps: readonly SignUp[];
  /** The user whose roles are being saved, if any: their buttons wait. */
  busyUserId: number | null;
  onGrant: (signUp: SignUp, role: Role) => void;
};

/**
 * Sign-ups with what they have done so far and what is missing, and one click to make
 * each a lanner or member (the page offers to undo it).
 */
export function SignUpsTable({ signUps, busyUserId, onGrant }: SignUpsTableProps) {
  const idPrefix = useId();
  return (
    <div className={table.scroller}>
      <table className={`${table.table} ${styles.signUps}`}>
        <thead>
          <tr>
            <th scope="col">Nickname</th>
            <th scope="col">Signed up</th>
            <th scope="col">E-mail verified</th>
            <th scope="col">Profile complete</th>
            <th scope="col">Verify</th>
          </tr>
        </thead>
        <tbody>
          {signUps.map((signUp) => {
            const { user } = signUp;
            const isBusy = busyUserId === user.id;
            const isMember = user.roles.includes('Member');
            const missing = describeMissing(signUp);
            const missingId = `${idPrefix}-missing-${user.id}`;
            const emptyFields = signUp.missingProfileFields.filter((name) => name !== 'email');
            return (
              <tr key={user.id}>
                <th scope="row" className={styles.nickname}>
                  <Link to={`/admin/users/${user.id}`}>{user.nickname}</Link>
                  {isMember ? <span className={styles.tag}>Member</span> : null}
                </th>
                <td>
                  <span className={styles.cellLabel} aria-hidden="true">
                    Signed up
                  </span>
                  <time dateTime={signUp.creationDate}>
                    {formatDisplayDate(signUp.creationDate)}
                  </time>
                </td>
                <td>
                  <span className={styles.cellLabel} aria-hidden="true">
                    E-mail verified
                  </span>
                  <YesNo
                    value={signUp.emailVerified}
                    no={signUp.email === null ? 'No e-mail' : 'Not verified'}
                  />
                </td>
                <td>
                  <span className={styles.cellLabel} aria-hidden="true">
                    Profile complete
                  </span>
                  <YesNo
                    value={emptyFields.length === 0}
                    no={`Missing ${listFieldsInWords(emptyFields)}`}
                    wraps
                  />
                </td>
                <td>
                  {/* What the buttons' description reads out: the row's gaps, at once. */}
                  <span id={missingId} className="visually-hidden">
                    {missing.length > 0 ? `Missing: ${missing.join('; ')}.` : 'Ready.'}
                  </span>
                  <div className={styles.actions}>
                    <button
                      type="button"
                      className={controls.button}
                      disabled={isBusy}
                      aria-describedby={missingId}
                      onClick={() => onGrant(signUp, 'Lanner')}
                    >
                      Make lanner <span className="visually-hidden">{user.nickname}</span>
                    </button>
                    {isMember ? null : (
                      <button
                        type="button"
                        className={controls.buttonSecondary}
                        disabled={isBusy}
                        aria-describedby={missingId}
                        onClick={() => onGrant(signUp, 'Member')}
                      >
                        Make member <span className="visually-hidden">{user.nickname}</span>
                      </button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Yes, or what is missing, in words, with a tick or a cross beside them (not colour
 * alone); the cross of what is missing in the warning hue, so it stands out. `wraps`: a
 * long list of what is missing may take more than one line.
 */
function YesNo({ value, no, wraps = false }: { value: boolean; no: string; wraps?: boolean }) {
  const Icon = value ? Check : X;
  return (
    <span className={`${value ? styles.yes : styles.no}${wraps ? ` ${styles.wraps}` : ''}`}>
      <Icon aria-hidden="true" size={16} />
      {value ? 'Yes' : no}
    </span>
  );
}
