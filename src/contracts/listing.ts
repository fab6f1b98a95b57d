import { z } from 'zod';
import { normalizePrice } from '../domain/money';
import { listingErrors, parseListing } from '../domain/product';
import { idNumber } from './fields';
import { listingImages } from './image-field';

/** A price as the spec sends it (a decimal string), normalised to two places by the domain. */
export const priceText = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'Price is required'
        : 'Price must be a decimal string in SOL, like "12.50"',
  })
  .transform((text, ctx) => {
    try {
      return normalizePrice(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

const required = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined),
});

/**
 * POST and PUT /api/products (spec section 7): the listing dialog's fields. Types are checked
 * here; the listing rules and their spec messages are the domain's (`listingErrors`).
 */
export const listingBody = z
  .object(
    {
      name: z.string(required('Product name is required')),
      description: z.string(required('Description is required')),
      price: z.string({
        error: (issue) =>
          issue.input === undefined
            ? 'Price is required'
            : 'Price must be a decimal string in SOL, like "12.50"',
      }),
      category: z.string(required('Category is required')),
      condition: z.string(required('Condition is required')),
      location: z.string({ error: 'Location must be text' }).nullish(),
      quantity: z.number({ error: 'Quantity must be at least 1' }).nullish(),
      requiresAddress: z.boolean({ error: 'requiresAddress must be true or false' }).optional(),
      requiresEmail: z.boolean({ error: 'requiresEmail must be true or false' }).optional(),
      requiresName: z.boolean({ error: 'requiresName must be true or false' }).optional(),
      /** Days to ship after payment (1 to 30; 3 when absent): beyond the spec's fields. */
      handlingDays: z.number({ error: 'Handling time must be a number of days' }).nullish(),
      /** active or inactive as the seller chooses; stock decides between active and sold. */
      status: z
        .enum(['active', 'inactive', 'sold'], { error: 'status must be active or inactive' })
        .nullish(),
      /** The spec sends it; the server takes the seller from the session and checks they agree. */
      sellerId: idNumber('sellerId').optional(),
      imageUrl: listingImages,
    },
    { error: 'Request body must be a JSON object' },
  )
  .superRefine((body, ctx) => {
    for (const problem of listingErrors(body)) {
      ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
    }
  })
  .transform((body) => ({
    listing: parseListing(body),
    hidden: body.status === 'inactive',
    sellerId: body.sellerId ?? null,
    images: body.imageUrl,
  }));

export type ListingCommand = z.output<typeof listingBody>;
