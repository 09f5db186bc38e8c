import { artSources } from '../../assets/raster-art.ts';
import { Link } from '../../lib/router/index.tsx';
import { HeaderSlider } from './header-slider.tsx';
import styles from './site-header.module.css';
import { SiteMenu } from './site-menu.tsx';

/** The header band: logo, navigation (a drawer on small screens) and the slider. */
export function SiteHeader() {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.logo}>
          <img
            {...artSources('logo')}
            sizes="(max-width: 30rem) 153px, 175px"
            alt="Lanparty"
            width="175"
            height="32"
          />
        </Link>
        <SiteMenu />
      </div>
      <HeaderSlider />
    </header>
  );
}
