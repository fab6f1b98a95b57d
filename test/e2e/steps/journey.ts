import type { Step } from '../lib/runner';
import { adminDeletesStep } from './admin-deletes';
import { adminReleasesStep } from './admin-releases';
import { buyerPaysStep } from './buyer-pays';
import { buyerReviewsStep } from './buyer-reviews';
import { catalogueStep } from './catalogue';
import { lastUnitStep } from './last-unit';
import {
  adminSawTrackingStep,
  adminWatchesStep,
  sellerSawSaleStep,
  sellerWatchesStep,
} from './live-updates';
import { noPageErrorsStep } from './no-page-errors';
import {
  buyerCancelsStep,
  confirmReceiptStep,
  disputeSplitStep,
  inspectionEndsStep,
} from './protection';
import { reconcileCleanStep } from './reconcile-clean';
import { reloadStep } from './reload-holds';
import { scaleStep } from './scale';
import { sellerListsStep } from './seller-lists';
import { sellerShipsStep } from './seller-ships';
import { transportStep } from './transport';
import { visitorStep } from './visitor-browses';

/**
 * The journey, in order; each step leaves what the next one needs in `world.data`. The reload
 * (8) runs in the middle, right after the purchase. The live-update watches (3a, 4a) open a
 * screen before the change their next step makes, and 3b, 4b check it showed within a second.
 */
export const journey: Step[] = [
  catalogueStep,
  visitorStep,
  sellerListsStep,
  sellerWatchesStep,
  buyerPaysStep,
  sellerSawSaleStep,
  reloadStep,
  adminWatchesStep,
  sellerShipsStep,
  adminSawTrackingStep,
  adminReleasesStep,
  buyerReviewsStep,
  adminDeletesStep,
  lastUnitStep,
  transportStep,
  confirmReceiptStep,
  disputeSplitStep,
  buyerCancelsStep,
  inspectionEndsStep,
  scaleStep,
  reconcileCleanStep,
  noPageErrorsStep,
];
