import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REDEMPTION_RATE, redemptionRateOf } from '@domain/loyalty';
import { priceOrder } from '@domain/price-order';
import { OrderSummary } from './order-summary';

function setup(overrides: Partial<React.ComponentProps<typeof OrderSummary>> = {}) {
  const props: React.ComponentProps<typeof OrderSummary> = {
    price: priceOrder({ lines: [{ unitPriceCents: 1500, quantity: 3 }] }),
    couponCode: null,
    onApplyCoupon: vi.fn(() => Promise.resolve(true)),
    onRemoveCoupon: vi.fn(),
    email: '',
    onEmailChange: vi.fn(),
    isProcessing: false,
    onCheckout: vi.fn(),
    pointsBalance: null,
    onPointsChange: vi.fn(),
    redemptionRate: REDEMPTION_RATE,
    ...overrides,
  };
  render(<OrderSummary {...props} />);
  return props;
}

describe('OrderSummary', () => {
  it('shows totals, the free-shipping note and points to earn', () => {
    setup();
    expect(screen.getByTestId('summary-subtotal')).toHaveTextContent('$45.00');
    expect(screen.getByTestId('summary-shipping')).toHaveTextContent('$5.99');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('$50.99');
    expect(screen.getByTestId('summary-points')).toHaveTextContent('5,099');
    expect(screen.getByText('Add $5.01 more for free shipping')).toBeInTheDocument();
    expect(screen.getByLabelText('Email (optional for order updates)')).toBeInTheDocument();
    // Issue 25: the total stays SPEC's; tax is added once the address is known.
    expect(screen.getByText('Taxes calculated at checkout')).toBeInTheDocument();
    expect(screen.queryByText(/Sales tax/)).not.toBeInTheDocument();
  });

  it('disables Apply while the coupon is blank and applies what was typed', () => {
    const props = setup();
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    fireEvent.change(screen.getByPlaceholderText('JESUS'), { target: { value: '   ' } });
    expect(apply).toBeDisabled();
    fireEvent.change(screen.getByPlaceholderText('JESUS'), { target: { value: 'jesus' } });
    fireEvent.click(apply);
    expect(props.onApplyCoupon).toHaveBeenCalledWith('jesus');
  });

  it('shows an applied coupon with its code, discount and Remove', () => {
    const props = setup({
      couponCode: 'JESUS',
      price: priceOrder({
        lines: [{ unitPriceCents: 1500, quantity: 4 }],
        discount: { code: 'JESUS', kind: 'percent', value: 10 },
      }),
    });
    expect(screen.getByText('Discount (JESUS)')).toBeInTheDocument();
    expect(screen.getByTestId('summary-discount')).toHaveTextContent('-$6.00');
    expect(screen.getByText('Free shipping on orders over $50. Your order qualifies!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(props.onRemoveCoupon).toHaveBeenCalled();
  });

  it('reads Processing... and is disabled while busy', () => {
    setup({ isProcessing: true });
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it('hides the points control without a balance', () => {
    setup({ pointsBalance: 0 });
    expect(screen.queryByLabelText('Redeem points')).not.toBeInTheDocument();
  });

  it('lists redemption steps at the default rate (2,000 points = $1.00 off)', () => {
    setup({
      pointsBalance: 4500,
      price: priceOrder({ lines: [{ unitPriceCents: 1500, quantity: 3 }], pointsBalance: 4500 }),
    });
    expect(screen.getByText('You have 4,500 points. 2,000 points = $1.00 off.')).toBeInTheDocument();
    const select = screen.getByLabelText('Redeem points');
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      "Don't use points",
      '2,000 points (-$1.00)',
      '4,000 points (-$2.00)',
    ]);
  });

  it('lists redemption steps at a configured rate and reports the choice', () => {
    const rate = redemptionRateOf(100);
    const props = setup({
      pointsBalance: 250,
      redemptionRate: rate,
      price: priceOrder({ lines: [{ unitPriceCents: 1500, quantity: 3 }], pointsBalance: 250, redemptionRate: rate }),
    });
    expect(screen.getByText('You have 250 points. 100 points = $1.00 off.')).toBeInTheDocument();
    const select = screen.getByLabelText('Redeem points');
    expect([...select.querySelectorAll('option')].map((option) => option.value)).toEqual(['0', '100', '200']);
    fireEvent.change(select, { target: { value: '200' } });
    expect(props.onPointsChange).toHaveBeenCalledWith(200);
  });
});
