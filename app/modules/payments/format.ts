/** Money in a currency's minor unit (cents), as "$3" for whole amounts and "$3.50" otherwise. */
export function formatMinorAmount(amount: number, currency: string) {
  const whole = amount % 100 === 0;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: currency.toUpperCase(),
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount / 100);
}
