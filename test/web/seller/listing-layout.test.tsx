import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as seller from '@web/features/seller/seller.css';
import { openListingDialog } from './listing-harness';
import { installSellerApi } from './seller-handlers';

installSellerApi();

/** The field around a control: its label, the control, then one cell of messages. */
const parts = (control: HTMLElement) => {
  const field = control.parentElement!;
  return { field, tags: Array.from(field.children).map((child) => child.tagName) };
};

// happy-dom lays nothing out: these pin the structure the row's subgrid lines up (label row,
// control row, message row); the screenshots at 1280 and 390 px show the result.
describe('listing form layout', () => {
  it('gives each field of a row a label, a control and one message cell, side by side', async () => {
    const { dialog, user } = await openListingDialog();
    const d = within(dialog);
    await user.type(d.getByLabelText('Quantity'), '5');
    await user.click(d.getByRole('button', { name: 'Create Listing' }));

    const price = parts(d.getByLabelText('Price (SOL)'));
    const quantity = parts(d.getByLabelText('Quantity'));
    expect(price.field.parentElement).toBe(quantity.field.parentElement);
    expect(price.field.parentElement).toHaveClass(seller.row);
    expect(price.field).toHaveClass(seller.field);
    expect(quantity.field).toHaveClass(seller.field);
    expect(price.tags).toEqual(['LABEL', 'INPUT', 'DIV']);
    expect(quantity.tags).toEqual(['LABEL', 'INPUT']);
    expect(price.field.lastElementChild).toHaveClass(seller.messages);
    expect(price.field.lastElementChild).toHaveTextContent('Price is required');
    expect(d.getByLabelText('Price (SOL)')).toHaveAccessibleDescription('Price is required');

    const condition = parts(d.getByLabelText('Condition'));
    const location = parts(d.getByLabelText('Location (optional)'));
    expect(condition.field.parentElement).toBe(location.field.parentElement);
    expect(condition.tags).toEqual(['LABEL', 'SELECT', 'DIV']);
    expect(location.tags).toEqual(['LABEL', 'INPUT']);
  });

  it('keeps a hint and an error in the one message cell, both read with the input', async () => {
    const { dialog, user } = await openListingDialog();
    const d = within(dialog);
    await user.clear(d.getByLabelText('Handling time (days)'));
    await user.click(d.getByRole('button', { name: 'Create Listing' }));
    const handling = d.getByLabelText('Handling time (days)');
    const { field, tags } = parts(handling);
    expect(tags).toEqual(['LABEL', 'INPUT', 'DIV']);
    expect(field.lastElementChild!.children).toHaveLength(2);
    expect(handling).toHaveAccessibleDescription(
      /^Days you need to ship after payment.*Handling time must be/,
    );
  });

  it('names the contact group like the other fields and lets the description grow only downwards', async () => {
    const { dialog } = await openListingDialog();
    const d = within(dialog);
    const group = d.getByRole('group', { name: 'Buyer contact requirements' });
    expect(group.querySelector('legend')).toHaveClass(seller.legend);
    expect(d.getByLabelText('Description')).toHaveClass(seller.textarea);
  });
});
