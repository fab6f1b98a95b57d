import { container, skeleton } from '@web/components/ui/surface.css';
import * as styles from './app-layout.css';

/** The placeholder while a lazily loaded page arrives. */
export function PageLoading() {
  return (
    <div className={`${container} ${styles.loading}`} aria-busy="true" aria-label="Loading">
      <div className={skeleton} style={{ height: 32, width: '40%' }} />
      <div className={skeleton} style={{ height: 160 }} />
    </div>
  );
}
