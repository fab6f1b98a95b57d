import { contractRouter } from '../router';
import type { UseCases } from '../../../app/use-cases';
import * as reviews from '../../../contracts/reviews';
import { mount, page } from '../mount';

export function reviewRoutes(app: UseCases) {
  const router = contractRouter();
  mount(router, reviews.reviewOrder, ({ caller, params, body }) =>
    app.reviews.review(caller, params.id, body),
  );
  mount(router, reviews.replyToReview, ({ caller, params, body }) =>
    app.reviews.reply(caller, params.id, body.reply),
  );
  mount(router, reviews.orderReview, async ({ params }) => ({
    review: await app.reviews.ofOrder(params.id),
  }));
  mount(router, reviews.sellerProfile, ({ params }) => app.reviews.seller(params.id));
  mount(router, reviews.sellerReviews, async ({ params, query }) =>
    page(await app.reviews.sellerReviews(params.id, query)),
  );
  mount(router, reviews.reputations, ({ query }) => app.reviews.reputations(query.sellerIds));
  mount(router, reviews.notifications, ({ caller }) => app.notifications.list(caller));
  mount(router, reviews.readNotifications, ({ caller, body }) =>
    app.notifications.markRead(caller, body.ids),
  );
  return router;
}
