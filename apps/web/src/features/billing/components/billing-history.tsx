import type { TPayment, TPaymentStatus } from "@resumelens/contract";
import { Download, Receipt } from "lucide-react";
import { Badge, type BadgeProps } from "../../../components/ui/badge.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { receiptUrl } from "../../../lib/api/billing.ts";
import { formatAmount } from "../../../lib/api/payments.ts";
import { formatLongDate } from "../../../lib/format-date.ts";

const STATUS: Record<TPaymentStatus, { label: string; variant: NonNullable<BadgeProps["variant"]> }> = {
  succeeded: { label: "Paid", variant: "accent" },
  processing: { label: "Processing", variant: "secondary" },
  pending: { label: "Pending", variant: "muted" },
  failed: { label: "Failed", variant: "destructive" },
  canceled: { label: "Canceled", variant: "outline" },
};

/** 'Billing history': each payment with date, what it was for, amount, status and its receipt. */
export function BillingHistory({ payments }: { payments: readonly TPayment[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Receipt aria-hidden="true" className="size-5 text-primary" />
          Billing history
        </CardTitle>
      </CardHeader>
      <CardContent>
        {payments.length === 0 ? (
          <p className="rounded-lg border border-dashed border-input bg-surface p-6 text-center text-sm text-muted-foreground">
            No billing history
          </p>
        ) : (
          <ul className="divide-y divide-border" aria-label="Payments">
            {payments.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PaymentRow({ payment }: { payment: TPayment }) {
  const status = STATUS[payment.status];
  const date = formatLongDate(payment.paidAt ?? payment.createdAt);
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="font-medium break-words">{payment.description}</p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={payment.paidAt ?? payment.createdAt}>{date}</time>
          {payment.receiptNumber ? <span> · Receipt {payment.receiptNumber}</span> : null}
        </p>
        {payment.status === "failed" && payment.failureMessage ? (
          <p className="text-sm text-destructive-soft-foreground">{payment.failureMessage}</p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-3">
        <span className="font-semibold tabular-nums">
          {formatAmount(payment.amountCents, payment.currency)}
        </span>
        <Badge variant={status.variant}>{status.label}</Badge>
        {payment.status === "succeeded" ? (
          <a
            href={receiptUrl(payment.id)}
            download
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Download aria-hidden="true" className="size-4" />
            Receipt<span className="sr-only"> for {date}</span>
          </a>
        ) : null}
      </div>
    </li>
  );
}
