import { Button } from '@web/components/ui/button';
import { CATEGORY_FILTERS } from './categories';
import * as styles from './marketplace.css';

/** All Categories / Digital Goods / Physical Items / Services / Other. */
export function CategoryFilter({
  value,
  onChange,
}: {
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <div className={styles.categories} role="group" aria-label="Categories">
      {CATEGORY_FILTERS.map((category) => (
        <Button
          key={category.id}
          size="sm"
          variant={value === category.id ? 'primary' : 'secondary'}
          aria-pressed={value === category.id}
          data-category={category.id}
          onClick={() => onChange(category.id)}
        >
          {category.label}
        </Button>
      ))}
    </div>
  );
}
