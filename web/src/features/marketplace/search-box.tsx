import { useEffect, useState } from 'react';
import { useDebounced } from '@web/lib/use-debounced';
import * as styles from './marketplace.css';

/** The hero's search box; reports the text once typing pauses (~300 ms). */
export function SearchBox({
  value,
  onChange,
}: {
  value: string;
  onChange: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  const settled = useDebounced(text);
  useEffect(() => {
    if (settled !== value) onChange(settled);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- report only when the settled text changes
  }, [settled]);
  return (
    <input
      type="search"
      className={styles.search}
      placeholder="Search products..."
      aria-label="Search products"
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
