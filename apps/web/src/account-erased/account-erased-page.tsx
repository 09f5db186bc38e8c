import { artSources } from '../assets/raster-art.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import styles from './account-erased-page.module.css';

/**
 * /account-erased (issue 51): where a person lands once they erased their own account and
 * were signed out — a page and a build of its own (pages-build.ts), as a lan's screen is, so
 * the app's first screen carries nothing of it. Shown without a session, so it reads nothing
 * and names nobody: it says that the account is gone and what the site keeps of an erased
 * account, as erasure.ts and personal-tables.ts do it (README, Privacy).
 */
export function AccountErasedPage() {
  useDocumentTitle('Account erased');
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <img {...artSources('logo-mark')} sizes="48px" alt="" width="48" height="48" />
        <h1 className={styles.title}>Your account is erased</h1>
        <p className={styles.lead}>
          Your Lanparty account is gone and you are signed out. It cannot be signed in to again.
        </p>
        <section className={styles.part} aria-labelledby="erased-gone">
          <h2 id="erased-gone" className={styles.subtitle}>
            What went
          </h2>
          <ul className={styles.list}>
            <li>
              Your nickname, first name, surname, city, birth date, e-mail address and Steam link.
            </li>
            <li>Your picture, roles, badges, consents and sign-ins.</li>
            <li>
              Your place in your clan (a clan you led passed to its longest member, or was
              disbanded).
            </li>
            <li>
              Pending sign-ups, places and seats at lans to come, and tournaments not yet started.
            </li>
            <li>Mail waiting for you, and the text of mail and chat posts that named you.</li>
          </ul>
        </section>
        <section className={styles.part} aria-labelledby="erased-kept">
          <h2 id="erased-kept" className={styles.subtitle}>
            What stays, without your name
          </h2>
          <p className={styles.note}>
            Shown as “Former lanner”, so the organiser’s accounts and the leaderboards still add up:
          </p>
          <ul className={styles.list}>
            <li>
              Your places at past lans, payments and check-ins, and a place you had paid for at a
              lan to come.
            </li>
            <li>
              Where you sat at past lans, and your matches in tournaments under way or played.
            </li>
            <li>Your playtime per day, in past leaderboards and rewinds.</li>
            <li>Lan messages and announcements you sent.</li>
            <li>That an account was erased, and when: no reason, nothing else about you.</li>
          </ul>
        </section>
        <a className={styles.home} href="/">
          Go to Lanparty
        </a>
      </div>
    </main>
  );
}
