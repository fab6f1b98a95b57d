import * as styles from './seller.css';

/** How much of a request body has gone up (0..1), as a bar and a percentage. */
export function UploadProgress({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className={styles.field} role="status">
      <progress className={styles.progress} value={percent} max={100} aria-label={label} />
      <span className={styles.hint}>
        {percent < 100 ? `Uploading... ${percent}%` : 'Uploaded, waiting for the server...'}
      </span>
    </div>
  );
}
