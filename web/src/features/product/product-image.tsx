import { useState } from 'react';
import * as styles from './product.css';

/** An image that hides itself when it fails to load; "No Image" when there is none. */
export function ProductImage({
  src,
  alt,
  className,
}: {
  src: string | undefined;
  alt: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!src) {
    return <div className={`${styles.noImage} ${className ?? ''}`}>No Image</div>;
  }
  return (
    <div className={`${styles.imageFrame} ${className ?? ''}`}>
      {failed ? null : (
        <img
          src={src}
          alt={alt}
          loading="lazy"
          className={styles.image}
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}
