import { CreditsService, InvalidCreditAmountError } from './credits.service';
import type { CreditsRepository } from './credits.repository';

const ACCOUNT_ID = '7d3e1c52-0f1b-4a8e-9b57-2c6a51d4e001';

function setUp() {
  const credits = {
    grant: jest.fn((_accountId: string, amount: number, _note: string | null) => Promise.resolve(1_000 + amount)),
  } satisfies Pick<CreditsRepository, 'grant'>;
  const service = new CreditsService(credits as unknown as CreditsRepository);
  // An async wrapper: a refusal reads the same whether grant throws or rejects.
  const grant = async (amount: number, note?: string | null) => service.grant(ACCOUNT_ID, amount, note);
  return { grant, credits };
}

describe('CreditsService.grant', () => {
  it('grants a positive whole amount with its note and answers the new balance', async () => {
    const { grant, credits } = setUp();
    await expect(grant(500, 'granted by operator')).resolves.toBe(1_500);
    expect(credits.grant).toHaveBeenCalledWith(ACCOUNT_ID, 500, 'granted by operator');
  });

  it('records a grant without a note as null', async () => {
    const { grant, credits } = setUp();
    await grant(1);
    expect(credits.grant).toHaveBeenCalledWith(ACCOUNT_ID, 1, null);
  });

  it.each([0, -250, 2.5, Number.NaN, Number.POSITIVE_INFINITY, Number.MAX_SAFE_INTEGER + 1])(
    'refuses %p credits without touching the ledger',
    async (amount) => {
      const { grant, credits } = setUp();
      await expect(grant(amount)).rejects.toBeInstanceOf(InvalidCreditAmountError);
      expect(credits.grant).not.toHaveBeenCalled();
    },
  );
});
