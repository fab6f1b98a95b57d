import type { ButtonHTMLAttributes, Ref } from 'react';
import * as styles from './button.css';

export type ButtonVariant = keyof typeof styles.button;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'md' | 'sm';
  block?: boolean;
  /** The button element (React 19 passes a ref as a prop). */
  ref?: Ref<HTMLButtonElement>;
}

/** The one button of the app; `variant` picks the colour, `block` fills the row. */
export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [
    styles.button[variant],
    size === 'sm' ? styles.small : '',
    block ? styles.block : '',
    className ?? '',
  ];
  return <button type={type} className={classes.filter(Boolean).join(' ')} {...rest} />;
}
