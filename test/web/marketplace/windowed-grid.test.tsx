import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WindowedGrid } from '@web/features/marketplace/windowed-grid';

/** Rows as a browser lays them out: 400 px tall (happy-dom has no layout of its own). */
const ROW_HEIGHT = 400;

function setup(count: number) {
  const realHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!;
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return this.dataset.row === undefined ? realHeight.get!.call(this) : ROW_HEIGHT;
  });
  const items = Array.from({ length: count }, (_, i) => i + 1);
  render(
    <WindowedGrid
      items={items}
      itemKey={(n) => n}
      renderItem={(n) => <button type="button">Item {n}</button>}
    />,
  );
  const scrollTo = async (y: number) => {
    await act(async () => {
      window.scrollY = y;
      window.dispatchEvent(new Event('scroll'));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
  };
  const shown = () => screen.queryAllByRole('button').map((b) => b.textContent);
  return { scrollTo, shown };
}

describe('windowed grid', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.scrollY = 0;
  });

  it('keeps only the rows near the window in the page, following the scroll', async () => {
    const { scrollTo, shown } = setup(300);
    expect(shown()).toContain('Item 1');
    expect(shown().length).toBeLessThan(40);
    await scrollTo(ROW_HEIGHT * 60);
    expect(shown()).not.toContain('Item 1');
    expect(shown().length).toBeLessThan(40);
    await scrollTo(ROW_HEIGHT * 200);
    expect(shown()).toContain('Item 300');
  });

  it('keeps the focused card when its row scrolls away, so the focus is not dropped', async () => {
    const { scrollTo } = setup(300);
    const first = screen.getByRole('button', { name: 'Item 1' });
    act(() => first.focus());
    await scrollTo(ROW_HEIGHT * 60);
    expect(screen.getByRole('button', { name: 'Item 1' })).toHaveFocus();
  });
});
