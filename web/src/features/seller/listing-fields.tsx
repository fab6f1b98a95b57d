import { useSignals } from '@preact/signals-react/runtime';
import { MAX_HANDLING_DAYS, MIN_HANDLING_DAYS } from '@src/domain/deadlines';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  CONDITIONS,
  conditionLabel,
  MAX_DESCRIPTION_LENGTH,
  MAX_LOCATION_LENGTH,
  MAX_NAME_LENGTH,
} from '@src/domain/product';
import { describedBy, FormField } from './form-field';
import type { ListingDraft } from './listing-draft';
import * as styles from './seller.css';

const CONTACT = [
  { key: 'requiresAddress', label: 'Require shipping address' },
  { key: 'requiresEmail', label: 'Require email address' },
  { key: 'requiresName', label: 'Require full name' },
] as const;

/** Product Name, Category, Description, Price, Quantity, Handling time, Condition, Location, contact checks. */
export function ListingFields({ draft, disabled }: { draft: ListingDraft; disabled: boolean }) {
  useSignals();
  const error = (field: string) => draft.errors.value.find((e) => e.field === field)?.message;
  // A field's error goes as the field changes (it is checked again on submit), as the buyer's
  // contact form does: a fixed price does not keep saying it was wrong.
  const changed = (field: string) => {
    if (draft.errors.value.some((e) => e.field === field)) {
      draft.errors.value = draft.errors.value.filter((e) => e.field !== field);
    }
  };
  const text = (key: 'name' | 'price' | 'quantity' | 'handlingDays' | 'location') => ({
    className: styles.input,
    value: draft[key].value,
    disabled,
    onChange: (event: { target: { value: string } }) => {
      draft[key].value = event.target.value;
      changed(key);
    },
  });

  return (
    <>
      <FormField id="listing-name" label="Product Name" error={error('name')}>
        <input
          {...describedBy('listing-name', error('name'))}
          {...text('name')}
          maxLength={MAX_NAME_LENGTH}
        />
      </FormField>
      <FormField id="listing-category" label="Category" error={error('category')}>
        <select
          {...describedBy('listing-category', error('category'))}
          className={styles.input}
          value={draft.category.value}
          disabled={disabled}
          onChange={(event) => {
            draft.category.value = event.target.value;
            changed('category');
          }}
        >
          <option value="">Select a category</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="listing-description" label="Description" error={error('description')}>
        <textarea
          {...describedBy('listing-description', error('description'))}
          className={styles.textarea}
          rows={4}
          maxLength={MAX_DESCRIPTION_LENGTH}
          value={draft.description.value}
          disabled={disabled}
          onChange={(event) => {
            draft.description.value = event.target.value;
            changed('description');
          }}
        />
      </FormField>
      <div className={styles.row}>
        <FormField id="listing-price" label="Price (SOL)" error={error('price')}>
          <input
            {...describedBy('listing-price', error('price'))}
            {...text('price')}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0.01"
          />
        </FormField>
        <FormField id="listing-quantity" label="Quantity" error={error('quantity')}>
          <input
            {...describedBy('listing-quantity', error('quantity'))}
            {...text('quantity')}
            type="number"
            inputMode="numeric"
            step="1"
            min="1"
          />
        </FormField>
      </div>
      <FormField
        id="listing-handling"
        label="Handling time (days)"
        error={error('handlingDays')}
        hint="Days you need to ship after payment; the buyer may cancel once they have passed"
      >
        <input
          {...describedBy('listing-handling', error('handlingDays'), true)}
          {...text('handlingDays')}
          type="number"
          inputMode="numeric"
          step="1"
          min={MIN_HANDLING_DAYS}
          max={MAX_HANDLING_DAYS}
        />
      </FormField>
      <div className={styles.row}>
        <FormField id="listing-condition" label="Condition" error={error('condition')}>
          <select
            {...describedBy('listing-condition', error('condition'))}
            className={styles.input}
            value={draft.condition.value}
            disabled={disabled}
            onChange={(event) => {
              draft.condition.value = event.target.value;
              changed('condition');
            }}
          >
            <option value="">Select a condition</option>
            {CONDITIONS.map((c) => (
              <option key={c} value={c}>
                {conditionLabel(c)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="listing-location" label="Location (optional)" error={error('location')}>
          <input
            {...describedBy('listing-location', error('location'))}
            {...text('location')}
            maxLength={MAX_LOCATION_LENGTH}
          />
        </FormField>
      </div>
      <fieldset className={styles.checks} disabled={disabled}>
        <legend className={styles.legend}>Buyer contact requirements</legend>
        {CONTACT.map((c) => (
          <label key={c.key} className={styles.check}>
            <input
              type="checkbox"
              checked={draft[c.key].value}
              onChange={(event) => (draft[c.key].value = event.target.checked)}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
    </>
  );
}
