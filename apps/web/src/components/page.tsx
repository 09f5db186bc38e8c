import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import styles from './page.module.css';

type PageProps = {
  /** The page title's detail: `"<title> – Lanparty"`. */
  title: string;
  /** The visible heading; the title when not given. */
  heading?: ReactNode;
  /** A short line under the heading. */
  lead?: ReactNode;
  children?: ReactNode;
};

/** A screen's frame: sets the page title and renders the one h1. */
export function Page({ title, heading = title, lead, children }: PageProps) {
  useDocumentTitle(title);
  return (
    <div className={styles.page}>
      <div className={styles.intro}>
        <h1 className={styles.heading}>{heading}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </div>
      {children}
    </div>
  );
}
