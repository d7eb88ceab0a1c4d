import { randomBytes } from "node:crypto";
import { TEST_CARDS, type TTestCardPayment } from "@resumelens/contract";
import type { Db } from "../../db/database.ts";
import { AppError } from "../../lib/errors.ts";
import type { PaymentProvider, ProviderIntent } from "./payment-provider.ts";

/**
 * The local test-payment mode, used when Stripe is not configured (never in production: env.ts
 * refuses to start). It keeps its intents in our own payment table, so it behaves the same with
 * several API processes, and it takes only the documented test cards. No money moves.
 */
export function createTestProvider(db: Db): PaymentProvider {
  return {
    mode: "test",

    async createIntent(input) {
      const id = `tpi_${randomBytes(12).toString("hex")}`;
      return {
        id,
        status: "pending",
        payable: true,
        amountCents: input.amountCents,
        currency: input.currency,
        clientSecret: `${id}_secret_${randomBytes(16).toString("hex")}`,
        userId: input.userId,
        product: input.product,
        failureMessage: null,
      };
    },

    async retrieveIntent(id) {
      const row = await db.kysely
        .selectFrom("payment")
        .selectAll()
        .where("id", "=", id)
        .where("provider", "=", "test")
        .executeTakeFirst();
      if (!row) return null;
      const intent: ProviderIntent = {
        id: row.id,
        status: row.status,
        payable: row.status === "pending" || row.status === "failed",
        amountCents: row.amount_cents,
        currency: row.currency,
        clientSecret: row.client_secret,
        userId: row.user_id,
        product: row.product,
        failureMessage: row.failure_message,
      };
      return intent;
    },

    async verifyWebhook() {
      throw new AppError("NOT_FOUND", "Webhooks are only used with Stripe.");
    },
  };
}

const digits = (card: string) => card.replace(/\D/g, "");

/** The Luhn checksum every real card number passes. */
function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * What the test card network answers for a card: null when it is paid, otherwise the decline
 * message, worded as Stripe words them so the checkout shows the same texts in both modes.
 */
export function testCardOutcome(card: TTestCardPayment, now: Date): string | null {
  const month = Number(card.expiry.slice(0, 2));
  const year = 2000 + Number(card.expiry.slice(2, 4));
  // A card is valid through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) return "Your card's expiration date is in the past.";
  if (!luhnValid(card.cardNumber)) return "Your card number is invalid.";
  switch (card.cardNumber) {
    case digits(TEST_CARDS.success):
      return null;
    case digits(TEST_CARDS.declined):
      return "Your card was declined.";
    case digits(TEST_CARDS.insufficientFunds):
      return "Your card has insufficient funds.";
    default:
      return `Your card was declined. In test-payment mode use the test card ${TEST_CARDS.success}.`;
  }
}
