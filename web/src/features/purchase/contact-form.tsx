import type { Signal } from '@preact/signals-react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ContactRequirements } from '@src/domain/contact';
import type { FieldError } from '@src/domain/product';
import * as styles from './purchase.css';

export interface ContactFields {
  buyerEmail: Signal<string>;
  buyerAddress: Signal<string>;
  buyerName: Signal<string>;
  errors: Signal<FieldError[]>;
}

const FIELDS = [
  {
    key: 'buyerEmail',
    flag: 'requiresEmail',
    label: 'Email Address',
    type: 'email',
    auto: 'email',
  },
  {
    key: 'buyerAddress',
    flag: 'requiresAddress',
    label: 'Shipping Address',
    type: 'textarea',
    auto: 'street-address',
  },
  { key: 'buyerName', flag: 'requiresName', label: 'Full Name', type: 'text', auto: 'name' },
] as const;

/** The buyer's contact details, only the fields the product requires (spec section 5). */
export function ContactForm({
  fields,
  needs,
}: {
  fields: ContactFields;
  needs: ContactRequirements;
}) {
  useSignals();
  return (
    <div className={styles.form}>
      <p className={styles.formTitle}>The seller needs these details to deliver your order</p>
      {FIELDS.filter((f) => needs[f.flag]).map((f) => {
        const error = fields.errors.value.find((e) => e.field === f.key)?.message;
        const id = `contact-${f.key}`;
        const common = {
          id,
          className: styles.input,
          value: fields[f.key].value,
          autoComplete: f.auto,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          onChange: (event: { target: { value: string } }) => {
            fields[f.key].value = event.target.value;
          },
        };
        return (
          <div key={f.key} className={styles.field}>
            <label htmlFor={id}>{f.label}</label>
            {f.type === 'textarea' ? (
              <textarea rows={3} {...common} />
            ) : (
              <input type={f.type} {...common} />
            )}
            {error ? (
              <span id={`${id}-error`} className={styles.error}>
                {error}
              </span>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
