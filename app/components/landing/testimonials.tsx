import { SectionHeading } from "./section-heading";

const TESTIMONIALS = [
  {
    name: "Priya Natarajan",
    role: "Applicant, first travel card",
    quote:
      "I compared several referrals for the same card and chose the referrer with the best reviews. Being able to ask questions in chat before applying made the whole thing feel safe.",
  },
  {
    name: "Marcus Owens",
    role: "Referrer, small-business owner",
    quote:
      "My referral link used to sit forgotten in a group chat. Here it reaches people who are actually applying, and I can follow every application in one place.",
  },
  {
    name: "Elena Ruiz",
    role: "Applicant and referrer",
    quote:
      "I joined to apply for one card and stayed to refer for two others. Reviews keep everyone honest, in both directions.",
  },
  {
    name: "Daniel Kim",
    role: "Referrer, points enthusiast",
    quote:
      "Setting up a referral took a couple of minutes. Stating my sharing offer up front means fewer questions and better ratings.",
  },
];

function initials(name: string) {
  return name
    .split(" ")
    .map((part) => part[0])
    .join("")
    .slice(0, 2)
    .toUpperCase();
}

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="Trusted by applicants and referrers" />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2">
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name}>
              <figure className="flex h-full flex-col rounded-card border border-line bg-surface p-6 sm:p-8">
                <blockquote className="flex-1 leading-7 text-ink">
                  <p>&ldquo;{testimonial.quote}&rdquo;</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden
                    className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
                  >
                    {initials(testimonial.name)}
                  </span>
                  <span className="text-sm">
                    <span className="block font-semibold text-ink">{testimonial.name}</span>
                    <span className="block text-muted">{testimonial.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
