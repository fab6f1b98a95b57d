import type { Step } from '../lib/runner';
import { catalogueStep } from './catalogue';
import {
  arbiterAloneStep,
  multisigAdminReleasesStep,
  multisigBuyerPaysStep,
  multisigConfirmReceiptStep,
  multisigDisputeSplitStep,
  multisigLateRefundStep,
  multisigRefundStep,
  multisigSellerClaimsStep,
} from './multisig';
import { noPageErrorsStep } from './no-page-errors';
import { reconcileCleanStep } from './reconcile-clean';
import { sellerListsStep } from './seller-lists';
import { sellerShipsStep } from './seller-ships';

/**
 * The journey in ESCROW_MODE=multisig (the `multisig` backend): the steps of the wallet journey
 * that do not depend on where the money waits, run unchanged (listing, shipping, reconcile, no
 * page errors), and the mode's own (steps/multisig.ts) where it differs: the purchase into a
 * 2-of-3 escrow account, decisions instead of payouts, the parties' Claim buttons, and the
 * arbiter's key refused alone.
 */
export const multisigJourney: Step[] = [
  catalogueStep,
  sellerListsStep,
  multisigBuyerPaysStep,
  sellerShipsStep,
  multisigAdminReleasesStep,
  multisigSellerClaimsStep,
  multisigConfirmReceiptStep,
  multisigRefundStep,
  multisigLateRefundStep,
  multisigDisputeSplitStep,
  arbiterAloneStep,
  reconcileCleanStep,
  noPageErrorsStep,
];
