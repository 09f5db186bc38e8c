import type { Clan, ClanMember, ClanRole } from '@lanparty/contract';
import { Crown } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { ClanTag } from '../../../components/clan-tag.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import section from '../../../components/section.module.css';
import { UserAvatar } from '../../../components/user-avatar/user-avatar.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useChangeMemberRole } from '../api/change-member-role.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import styles from './clan-page.module.css';
import { clanRoleLabels } from './clan-roles.ts';
import { ComingLans } from './coming-lans.tsx';

type ClanMembersProps = {
  clan: Clan;
  /** Whether the viewer runs the clan (its leader, a member administrator). */
  canLead: boolean;
  /** Below the list: leaving the clan, or how to join it. */
  children?: ReactNode;
};

/** What the leader is asked before: removing a member, handing the clan over. */
type Question = { kind: 'remove' | 'handOver'; member: ClanMember };

/**
 * The clan's members, leader first: avatar, nickname with the tag, role, and the coming
 * lans each is at. Its leader makes and unmakes seat managers at once, and is asked before
 * removing someone or handing the clan over (neither can be taken back by them alone).
 */
export function ClanMembers({ clan, canLead, children }: ClanMembersProps) {
  const changeRole = useChangeMemberRole();
  const removeMember = useRemoveMember();
  const [question, setQuestion] = useState<Question | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const isBusy = changeRole.isPending || removeMember.isPending;

  function setRole(member: ClanMember, role: ClanRole, done: string) {
    setStatus('');
    setError(null);
    changeRole.mutate(
      { clanId: clan.id, userId: member.user.id, role },
      {
        onSuccess: () => setStatus(done),
        onError: (failure) =>
          setError(`${member.user.nickname}’s role is unchanged: ${describeError(failure)}`),
        onSettled: () => setQuestion(null),
      },
    );
  }

  function remove(member: ClanMember) {
    setStatus('');
    setError(null);
    removeMember.mutate(
      { clanId: clan.id, userId: member.user.id, isLastMember: false },
      {
        onSuccess: () => setStatus(`${member.user.nickname} is no longer in ${clan.name}.`),
        onError: (failure) =>
          setError(`${member.user.nickname} is still in ${clan.name}: ${describeError(failure)}`),
        onSettled: () => setQuestion(null),
      },
    );
  }

  function answer(asked: Question) {
    if (asked.kind === 'remove') remove(asked.member);
    else setRole(asked.member, 'leader', `${asked.member.user.nickname} leads ${clan.name} now.`);
  }

  const count = clan.members.length;
  return (
    <section className={section.section} aria-labelledby="clan-members">
      <div className={styles.sectionHeader}>
        <h2 id="clan-members" className={section.sectionTitle}>
          Members <span className={styles.count}>{count}</span>
        </h2>
        <p role="status" className={forms.hint}>
          {status}
        </p>
      </div>
      <AlertText message={error} />
      <ul className={styles.members}>
        {clan.members.map((member) => (
          <li key={member.user.id} className={styles.member}>
            <UserAvatar user={member.user} size={56} />
            <div className={styles.memberText}>
              <h3 className={styles.nickname}>
                {member.user.nickname}
                <ClanTag clan={clan} />
              </h3>
              <p className={styles.role}>
                {member.role === 'leader' ? <Crown aria-hidden="true" size={16} /> : null}
                {clanRoleLabels[member.role]}
              </p>
              <ComingLans lans={member.comingLans} />
            </div>
            {canLead && member.role !== 'leader' ? (
              <div className={`${controls.actions} ${styles.memberActions}`}>
                {member.role === 'member' ? (
                  <button
                    type="button"
                    className={controls.buttonSecondary}
                    disabled={isBusy}
                    onClick={() =>
                      setRole(
                        member,
                        'seatManager',
                        `${member.user.nickname} is a seat manager now.`,
                      )
                    }
                  >
                    Make seat manager <Hidden>({member.user.nickname})</Hidden>
                  </button>
                ) : (
                  <button
                    type="button"
                    className={controls.buttonSecondary}
                    disabled={isBusy}
                    onClick={() =>
                      setRole(member, 'member', `${member.user.nickname} is a member now.`)
                    }
                  >
                    Make plain member <Hidden>({member.user.nickname})</Hidden>
                  </button>
                )}
                <button
                  type="button"
                  className={controls.buttonSecondary}
                  disabled={isBusy}
                  onClick={() => setQuestion({ kind: 'handOver', member })}
                >
                  Make leader <Hidden>({member.user.nickname})</Hidden>
                </button>
                <button
                  type="button"
                  className={`${controls.buttonSecondary} ${styles.danger}`}
                  disabled={isBusy}
                  onClick={() => setQuestion({ kind: 'remove', member })}
                >
                  Remove <Hidden>{member.user.nickname}</Hidden>
                </button>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {children}
      <ConfirmDialog
        isOpen={question !== null}
        title={
          question?.kind === 'remove'
            ? `Remove ${question.member.user.nickname} from ${clan.name}?`
            : `Hand ${clan.name} over to ${question?.member.user.nickname}?`
        }
        confirmLabel={question?.kind === 'remove' ? 'Remove' : 'Hand over'}
        isBusy={isBusy}
        onConfirm={() => question && answer(question)}
        onCancel={() => setQuestion(null)}
      >
        {question?.kind === 'remove' ? (
          <p>To come back, they need the clan’s invite link again.</p>
        ) : (
          <p>
            {question?.member.user.nickname} becomes its leader and runs it from now on. The leader
            before stays in the clan as a seat manager.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}

/** Words for assistive technology only: which member a button is for ("Remove nova"). */
function Hidden({ children }: { children: string[] | string }) {
  return <span className="visually-hidden">{children}</span>;
}
