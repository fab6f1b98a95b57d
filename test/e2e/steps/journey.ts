import type { Step } from '../lib/runner';
import { adminDeletesStep } from './admin-deletes';
import { adminReleasesStep } from './admin-releases';
import { buyerPaysStep } from './buyer-pays';
import { catalogueStep } from './catalogue';
import { lastUnitStep } from './last-unit';
import { noPageErrorsStep } from './no-page-errors';
import {
  buyerCancelsStep,
  confirmReceiptStep,
  disputeSplitStep,
  inspectionEndsStep,
} from './protection';
import { reloadStep } from './reload-holds';
import { sellerListsStep } from './seller-lists';
import { sellerShipsStep } from './seller-ships';
import { transportStep } from './transport';
import { visitorStep } from './visitor-browses';

/**
 * The journey, in order; each step leaves what the next one needs in `world.data`. The reload
 * (8) runs in the middle, right after the purchase.
 */
export const journey: Step[] = [
  catalogueStep,
  visitorStep,
  sellerListsStep,
  buyerPaysStep,
  reloadStep,
  sellerShipsStep,
  adminReleasesStep,
  adminDeletesStep,
  lastUnitStep,
  transportStep,
  confirmReceiptStep,
  disputeSplitStep,
  buyerCancelsStep,
  inspectionEndsStep,
  noPageErrorsStep,
];
