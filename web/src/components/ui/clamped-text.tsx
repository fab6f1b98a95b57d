import { clamp2 } from './surface.css';

/** Text shown on two lines at most (then an ellipsis), its whole wording in the title. */
export function ClampedText({ text, className }: { text: string; className?: string }) {
  return (
    <span className={className ? `${clamp2} ${className}` : clamp2} title={text}>
      {text}
    </span>
  );
}
