/* What other features may use of reputation: ratings, records, reviews and the review forms. */
export { ReputationCompact } from './reputation-compact';
export { ReputationFigures } from './reputation-figures';
export { ReviewAction } from './review-action';
export { ReviewItem } from './review-item';
export { ReviewReply } from './review-reply';
export { SellerSummary } from './seller-summary';
export { useReputations } from './use-reputations';
export { useSellerProfile } from './use-seller-profile';
