import { artSources } from '../../assets/raster-art.ts';
import {
  type BuildInfo,
  buildInfo as defaultBuildInfo,
  isProductionBuild,
} from '../../lib/build-info.ts';
import { Link } from '../../lib/router/index.tsx';
import styles from './site-footer.module.css';

/** Version (linking to the changelog), and outside production the branch and commit. */
export function SiteFooter({ buildInfo = defaultBuildInfo }: { buildInfo?: BuildInfo }) {
  const showBuildDetails = !isProductionBuild(buildInfo);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.brand}>
          <img
            {...artSources('logo-mark')}
            sizes="24px"
            alt=""
            width="24"
            height="24"
            loading="lazy"
          />
          <span>Lanparty, the lan parties of our gaming community</span>
        </p>
        <p className={styles.build}>
          <Link to="/changelog" className={styles.version}>
            Version {buildInfo.version}
          </Link>
          {showBuildDetails ? (
            <>
              <span>
                Branch <code>{buildInfo.branch}</code>
              </span>
              <span>
                Commit <code>{buildInfo.commit}</code>
              </span>
            </>
          ) : null}
        </p>
      </div>
    </footer>
  );
}
