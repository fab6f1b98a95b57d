import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSignal, useSignals } from '@preact/signals-react/runtime';
import { contactErrors } from '@src/domain/contact';
import type { Product } from '@src/domain/entities';
import type { FieldError } from '@src/domain/product';
import { Button } from '@web/components/ui/button';
import { useUser } from '@web/features/user';
import { ConnectDialog, useWallet } from '@web/features/wallet';
import { LANDING_TEXT } from '@web/lib/solana/land-transaction';
import { buyButtonLabel, isGone, isOwnListing, isSoldOut } from './buy-button-label';
import { ContactForm, type ContactFields } from './contact-form';
import { UnrecordedPayment } from './unrecorded-payment';
import { usePurchase } from './use-purchase';
import * as styles from './purchase.css';

/** The buy button, the contact form when required, and what happened to the last payment. */
export function PurchasePanel({ product }: { product: Product }) {
  useSignals();
  const { connected } = useWallet();
  const { userId } = useUser();
  const purchase = usePurchase(product);
  const showForm = useSignal(false);
  const fields: ContactFields = {
    buyerEmail: useSignal(''),
    buyerAddress: useSignal(''),
    buyerName: useSignal(''),
    errors: useSignal<FieldError[]>([]),
  };
  const needsContact = product.requiresEmail || product.requiresAddress || product.requiresName;
  const { state } = purchase;
  const panel = useRef<HTMLDivElement>(null);
  const [connecting, setConnecting] = useState(false);
  const resumeAfterConnect = useRef(false);

  // A visitor who connected from this dialog picks up where they were: on the buy button,
  // ready to pay, as soon as the wallet has signed in.
  useEffect(() => {
    if (!resumeAfterConnect.current || !purchase.ready) return;
    resumeAfterConnect.current = false;
    panel.current?.querySelector<HTMLButtonElement>('[data-buy]')?.focus();
  }, [purchase.ready]);

  // The WAI-ARIA dialog pattern: focus moves to a field the buy button revealed.
  const formShown = showForm.value;
  useEffect(() => {
    if (formShown) panel.current?.querySelector<HTMLInputElement>('input, textarea')?.focus();
  }, [formShown]);

  const onBuy = () => {
    if (needsContact && !showForm.value) {
      showForm.value = true;
      return;
    }
    const contact = {
      buyerEmail: fields.buyerEmail.value,
      buyerAddress: fields.buyerAddress.value,
      buyerName: fields.buyerName.value,
    };
    const errors = needsContact ? contactErrors(contact, product) : [];
    fields.errors.value = errors;
    if (errors.length === 0) void purchase.buy(contact);
  };

  const disabled =
    !purchase.ready ||
    purchase.busy ||
    isSoldOut(product) ||
    isGone(product) ||
    state.phase === 'unrecorded';

  const startOver = () => {
    showForm.value = false;
    for (const field of [fields.buyerEmail, fields.buyerAddress, fields.buyerName])
      field.value = '';
    fields.errors.value = [];
    purchase.reset();
  };

  if (connected && isOwnListing(product, userId)) {
    return (
      <div className={styles.panel}>
        <p className={styles.hint} role="note">
          This is your listing
        </p>
      </div>
    );
  }

  // Once the order is recorded the form and the buy button give way to the outcome, so a
  // second click can never pay twice by accident; buying another unit is a deliberate step.
  if (state.phase === 'done') {
    return (
      <div className={styles.panel}>
        <p className={styles.success} role="status">
          Order recorded. Your payment is held in escrow; follow it in{' '}
          <Link to="/buyer-dashboard">My Purchases</Link>.
        </p>
        <Button variant="secondary" block onClick={startOver}>
          Buy another
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.panel} ref={panel}>
      {showForm.value ? <ContactForm fields={fields} needs={product} /> : null}
      <Button block onClick={onBuy} disabled={disabled} aria-busy={purchase.busy} data-buy>
        {buyButtonLabel({ product, busy: purchase.busy, showingForm: showForm.value })}
      </Button>
      {state.phase === 'paying' && state.network ? (
        <p className={styles.hint} role="status" data-network={state.network}>
          {LANDING_TEXT[state.network]}
        </p>
      ) : null}
      {!connected ? (
        <>
          <p className={styles.hint}>Connect your wallet to buy.</p>
          <Button
            variant="secondary"
            block
            onClick={() => {
              resumeAfterConnect.current = true;
              setConnecting(true);
            }}
          >
            Connect Wallet
          </Button>
          <ConnectDialog open={connecting} onOpenChange={setConnecting} />
        </>
      ) : null}
      {state.phase === 'unrecorded' ? (
        <UnrecordedPayment
          signature={state.signature}
          message={state.message}
          retryable={state.retryable}
          onRetry={purchase.retry}
        />
      ) : null}
    </div>
  );
}
