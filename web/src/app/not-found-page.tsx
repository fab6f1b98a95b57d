import { Link } from 'react-router';
import { container } from '@web/components/ui/surface.css';
import * as styles from './not-found-page.css';

/** Any unknown path (spec section 2). */
export default function NotFoundPage() {
  return (
    <section className={`${container} ${styles.wrap}`}>
      <h1 className={styles.title}>404 Page Not Found</h1>
      <p className={styles.text}>The page you are looking for does not exist.</p>
      <Link to="/">Back to the Marketplace</Link>
    </section>
  );
}
