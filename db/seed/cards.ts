/**
 * The demo catalogue: real US credit cards with their public terms (2025-2026, rounded).
 *
 * referralBonus is what a card holder (the REFERRER) typically earns per approved referral;
 * applyBenefitWithReferral is the applicant's welcome offer. Issuers change both often and many
 * referral offers are targeted, so admins keep them current in /admin/creditcards.
 * maxReferCount is the number of rewarded referrals a holder can earn per year (yearly cap divided
 * by the per-referral bonus); 0 means unlimited or not published.
 */
export type CardCategory = "Travel" | "Cashback" | "Business" | "Student" | "Rewards" | "Other";
export type BonusUnit = "USD" | "Points" | "Miles" | "Cashback" | "Other";

export interface CatalogueCard {
  name: string;
  issuer: string;
  category: CardCategory;
  annualFee: number;
  hasVariousReferrerBonus: boolean;
  referralBonus: { amount: number; unit: BonusUnit };
  benefitForReferrer: string;
  applyBenefitWithReferral: string;
  /**
   * The public welcome offer in structured form (amount 0: none, or not a fixed amount such as a
   * first-year match or free nights); minSpend in US dollars, 0 when none is stated; months to spend it.
   */
  welcomeOffer: { amount: number; unit: BonusUnit; minSpend: number; months: number };
  description: string;
  officialWebsite: string;
  maxReferCount: number;
}

export const catalogueCards: CatalogueCard[] = [
  // ---------------------------------------------------------------- Chase
  {
    name: "Chase Sapphire Preferred Card",
    issuer: "Chase",
    category: "Travel",
    annualFee: 95,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 10000, unit: "Points" },
    benefitForReferrer: "Earn 10,000 bonus points for each approved referral, up to 100,000 points per year.",
    applyBenefitWithReferral: "Earn 75,000 bonus points after $5,000 in purchases in the first 3 months.",
    welcomeOffer: { amount: 75000, unit: "Points", minSpend: 5000, months: 3 },
    description:
      "5x on travel booked through Chase Travel\n3x on dining, select streaming and online groceries\n$50 annual Chase Travel hotel credit\n10% anniversary points bonus\nTransfer points 1:1 to airline and hotel partners",
    officialWebsite: "https://creditcards.chase.com/rewards-credit-cards/sapphire/preferred",
    maxReferCount: 10,
  },
  {
    name: "Chase Sapphire Reserve",
    issuer: "Chase",
    category: "Travel",
    annualFee: 795,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 10000, unit: "Points" },
    benefitForReferrer: "Earn 10,000 bonus points for each approved referral, up to 100,000 points per year.",
    applyBenefitWithReferral:
      "Earn 125,000 bonus points after $6,000 in purchases in the first 3 months (offers vary).",
    welcomeOffer: { amount: 125000, unit: "Points", minSpend: 6000, months: 3 },
    description:
      "8x on Chase Travel, 4x on flights and hotels booked direct, 3x on dining\n$300 annual travel credit\nPriority Pass and Chase Sapphire Lounge access\nUp to $500 a year in hotel credits on The Edit bookings\nPoints Boost on select Chase Travel redemptions",
    officialWebsite: "https://creditcards.chase.com/rewards-credit-cards/sapphire/reserve",
    maxReferCount: 10,
  },
  {
    name: "Chase Freedom Unlimited",
    issuer: "Chase",
    category: "Cashback",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 100, unit: "USD" },
    benefitForReferrer: "Earn $100 cash back (10,000 points) for each approved referral, up to $500 per year.",
    applyBenefitWithReferral:
      "Earn an extra 1.5% cash back on everything you buy, on up to $20,000 spent in the first year - worth up to $300.",
    welcomeOffer: { amount: 0, unit: "USD", minSpend: 0, months: 0 },
    description:
      "1.5% cash back on every purchase\n3% on dining and drugstores\n5% on travel booked through Chase Travel\n0% intro APR for 15 months on purchases\nNo annual fee",
    officialWebsite: "https://creditcards.chase.com/cash-back-credit-cards/freedom/unlimited",
    maxReferCount: 5,
  },
  {
    name: "Chase Freedom Flex",
    issuer: "Chase",
    category: "Cashback",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 100, unit: "USD" },
    benefitForReferrer: "Earn $100 cash back (10,000 points) for each approved referral, up to $500 per year.",
    applyBenefitWithReferral: "Earn a $200 bonus after $500 in purchases in the first 3 months.",
    welcomeOffer: { amount: 200, unit: "USD", minSpend: 500, months: 3 },
    description:
      "5% on rotating quarterly categories, up to $1,500 when activated\n5% on travel booked through Chase Travel\n3% on dining and drugstores\nCell phone protection\nNo annual fee",
    officialWebsite: "https://creditcards.chase.com/cash-back-credit-cards/freedom/flex",
    maxReferCount: 5,
  },
  {
    name: "Ink Business Preferred Credit Card",
    issuer: "Chase",
    category: "Business",
    annualFee: 95,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 20000, unit: "Points" },
    benefitForReferrer: "Earn 20,000 bonus points for each approved business referral, up to 100,000 points per year.",
    applyBenefitWithReferral: "Earn 90,000 bonus points after $8,000 in purchases in the first 3 months.",
    welcomeOffer: { amount: 90000, unit: "Points", minSpend: 8000, months: 3 },
    description:
      "3x on the first $150,000 a year in travel, shipping, internet, cable, phone and social media or search advertising\n1x on all other purchases\nTransfer points 1:1 to airline and hotel partners\nCell phone protection\nEmployee cards at no additional cost",
    officialWebsite: "https://creditcards.chase.com/business-credit-cards/ink/business-preferred",
    maxReferCount: 5,
  },
  {
    name: "Ink Business Cash Credit Card",
    issuer: "Chase",
    category: "Business",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 20000, unit: "Points" },
    benefitForReferrer:
      "Earn 20,000 bonus points ($200 cash back) for each approved business referral, up to 100,000 points per year.",
    applyBenefitWithReferral: "Earn $750 bonus cash back after $6,000 in purchases in the first 3 months.",
    welcomeOffer: { amount: 750, unit: "USD", minSpend: 6000, months: 3 },
    description:
      "5% on the first $25,000 a year at office supply stores and on internet, cable and phone services\n2% on the first $25,000 a year at gas stations and restaurants\n1% on all other purchases\n0% intro APR for 12 months on purchases\nNo annual fee",
    officialWebsite: "https://creditcards.chase.com/business-credit-cards/ink/cash",
    maxReferCount: 5,
  },
  {
    name: "Ink Business Unlimited Credit Card",
    issuer: "Chase",
    category: "Business",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 20000, unit: "Points" },
    benefitForReferrer:
      "Earn 20,000 bonus points ($200 cash back) for each approved business referral, up to 100,000 points per year.",
    applyBenefitWithReferral: "Earn $750 bonus cash back after $6,000 in purchases in the first 3 months.",
    welcomeOffer: { amount: 750, unit: "USD", minSpend: 6000, months: 3 },
    description:
      "Unlimited 1.5% cash back on every purchase\n0% intro APR for 12 months on purchases\nEmployee cards at no additional cost\nNo annual fee",
    officialWebsite: "https://creditcards.chase.com/business-credit-cards/ink/unlimited",
    maxReferCount: 5,
  },
  {
    name: "United Explorer Card",
    issuer: "Chase",
    category: "Travel",
    annualFee: 150,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 10000, unit: "Miles" },
    benefitForReferrer: "Earn 10,000 bonus miles for each approved referral, up to 50,000 miles per year.",
    applyBenefitWithReferral: "Earn 60,000 bonus miles after $3,000 in purchases in the first 3 months (offers vary).",
    welcomeOffer: { amount: 60000, unit: "Miles", minSpend: 3000, months: 3 },
    description:
      "2x miles on United purchases, dining and hotel stays booked direct\nFree first checked bag for you and a companion on United flights\nTwo United Club one-time passes each year\nPriority boarding\n$0 intro annual fee the first year",
    officialWebsite: "https://creditcards.chase.com/travel-credit-cards/united/united-explorer",
    maxReferCount: 5,
  },
  {
    name: "Southwest Rapid Rewards Plus Credit Card",
    issuer: "Chase",
    category: "Travel",
    annualFee: 99,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 10000, unit: "Points" },
    benefitForReferrer: "Earn 10,000 bonus points for each approved referral, up to 50,000 points per year.",
    applyBenefitWithReferral: "Earn 50,000 bonus points after $1,000 in purchases in the first 3 months (offers vary).",
    welcomeOffer: { amount: 50000, unit: "Points", minSpend: 1000, months: 3 },
    description:
      "2x points on Southwest purchases\nFirst checked bag free on Southwest flights\n3,000 bonus points every card anniversary\n10,000 Companion Pass qualifying points each year\n25% back on inflight purchases",
    officialWebsite: "https://creditcards.chase.com/travel-credit-cards/southwest/plus",
    maxReferCount: 5,
  },
  {
    name: "Marriott Bonvoy Boundless Credit Card",
    issuer: "Chase",
    category: "Travel",
    annualFee: 95,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 20000, unit: "Points" },
    benefitForReferrer: "Earn 20,000 Marriott Bonvoy points for each approved referral, up to 100,000 points per year.",
    applyBenefitWithReferral:
      "Earn 3 Free Night Awards (each worth up to 50,000 points) after $3,000 in purchases in the first 3 months.",
    welcomeOffer: { amount: 0, unit: "USD", minSpend: 0, months: 0 },
    description:
      "Up to 17x points at Marriott Bonvoy hotels\n3x on the first $6,000 a year in combined grocery, gas and dining purchases\nFree Night Award every card anniversary (up to 35,000 points)\nAutomatic Silver Elite status and 15 Elite Night Credits\n2x on all other purchases",
    officialWebsite: "https://creditcards.chase.com/travel-credit-cards/marriott-bonvoy/boundless",
    maxReferCount: 5,
  },
  {
    name: "World of Hyatt Credit Card",
    issuer: "Chase",
    category: "Travel",
    annualFee: 95,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 5000, unit: "Points" },
    benefitForReferrer: "Earn 5,000 World of Hyatt points for each approved referral, up to 25,000 points per year.",
    applyBenefitWithReferral:
      "Earn 30,000 bonus points after $3,000 in the first 3 months, plus up to 30,000 more points earning 2x on up to $15,000 in the first 6 months.",
    welcomeOffer: { amount: 30000, unit: "Points", minSpend: 3000, months: 3 },
    description:
      "4x points at Hyatt hotels\n2x at restaurants, on airline tickets bought direct, local transit and fitness clubs\nFree night (Category 1-4) every card anniversary\nDiscoverist status plus 5 tier-qualifying night credits each year",
    officialWebsite: "https://creditcards.chase.com/travel-credit-cards/world-of-hyatt-credit-card",
    maxReferCount: 5,
  },
  {
    name: "Prime Visa",
    issuer: "Chase",
    category: "Rewards",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "This card is not part of Chase Refer-A-Friend, so referrers earn no bonus.",
    applyBenefitWithReferral:
      "Get a $150 Amazon gift card instantly upon approval (offers vary; an eligible Prime membership is required).",
    welcomeOffer: { amount: 150, unit: "USD", minSpend: 0, months: 0 },
    description:
      "5% back at Amazon, Whole Foods Market and on Chase Travel purchases with Prime\n2% back at restaurants, gas stations and on local transit and commuting\n1% back on all other purchases\nNo annual fee beyond the Prime membership\nNo foreign transaction fees",
    officialWebsite: "https://creditcards.chase.com/cash-back-credit-cards/amazon-prime-rewards",
    maxReferCount: 0,
  },

  // ---------------------------------------------------------------- American Express
  {
    name: "The Platinum Card from American Express",
    issuer: "American Express",
    category: "Travel",
    annualFee: 895,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 25000, unit: "Points" },
    benefitForReferrer:
      "Earn a targeted Membership Rewards bonus (often 25,000 points) for each approved referral, up to 100,000 points per year on most accounts.",
    applyBenefitWithReferral:
      "Earn as high as 175,000 Membership Rewards points after $8,000 in purchases in the first 6 months (offers vary).",
    welcomeOffer: { amount: 175000, unit: "Points", minSpend: 8000, months: 6 },
    description:
      "5x points on flights booked directly with airlines or through Amex Travel (up to $500,000 a year)\nAccess to Centurion Lounges and the Amex Global Lounge Collection\nUp to $600 a year in hotel credits on Fine Hotels + Resorts and The Hotel Collection prepaid bookings\nStatement credits for Resy dining, Uber, CLEAR Plus and digital entertainment (enrollment required)\nHilton Honors Gold and Marriott Bonvoy Gold Elite status (enrollment required)",
    officialWebsite: "https://www.americanexpress.com/us/credit-cards/card/platinum/",
    maxReferCount: 4,
  },
  {
    name: "American Express Gold Card",
    issuer: "American Express",
    category: "Rewards",
    annualFee: 325,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 20000, unit: "Points" },
    benefitForReferrer:
      "Earn a targeted Membership Rewards bonus (often 20,000 points) for each approved referral, up to 100,000 points per year on most accounts.",
    applyBenefitWithReferral:
      "Earn as high as 100,000 Membership Rewards points after $6,000 in purchases in the first 6 months (offers vary).",
    welcomeOffer: { amount: 100000, unit: "Points", minSpend: 6000, months: 6 },
    description:
      "4x points at restaurants worldwide, on up to $50,000 a year\n4x points at US supermarkets, on up to $25,000 a year\n3x points on flights booked directly with airlines or through Amex Travel\nUp to $120 in Uber Cash and $120 in dining credits a year (enrollment required)\nUp to $100 a year in Resy credits",
    officialWebsite: "https://www.americanexpress.com/us/credit-cards/card/gold-card/",
    maxReferCount: 5,
  },
  {
    name: "American Express Green Card",
    issuer: "American Express",
    category: "Rewards",
    annualFee: 150,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 15000, unit: "Points" },
    benefitForReferrer:
      "Earn a targeted Membership Rewards bonus (often 15,000 points) for each approved referral, up to 100,000 points per year on most accounts.",
    applyBenefitWithReferral:
      "Earn 40,000 Membership Rewards points after $3,000 in purchases in the first 6 months (offers vary).",
    welcomeOffer: { amount: 40000, unit: "Points", minSpend: 3000, months: 6 },
    description:
      "3x points on travel, including flights, hotels, cruises and tours\n3x points on transit, including rideshares, parking and tolls\n3x points at restaurants worldwide\nUp to $209 a year in CLEAR Plus credits\nNo foreign transaction fees",
    officialWebsite: "https://www.americanexpress.com/us/credit-cards/card/green/",
    maxReferCount: 6,
  },
  {
    name: "Blue Cash Preferred Card from American Express",
    issuer: "American Express",
    category: "Cashback",
    annualFee: 95,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 150, unit: "USD" },
    benefitForReferrer:
      "Earn a targeted statement credit (often $150) for each approved referral, up to $1,000 per year on most accounts.",
    applyBenefitWithReferral:
      "Earn a $250 statement credit after $3,000 in purchases in the first 6 months (offers vary).",
    welcomeOffer: { amount: 250, unit: "USD", minSpend: 3000, months: 6 },
    description:
      "6% cash back at US supermarkets on up to $6,000 a year, then 1%\n6% cash back on select US streaming subscriptions\n3% cash back at US gas stations and on transit\n1% cash back on other purchases\n$0 intro annual fee the first year, then $95",
    officialWebsite: "https://www.americanexpress.com/us/credit-cards/card/blue-cash-preferred/",
    maxReferCount: 6,
  },
  {
    name: "Blue Cash Everyday Card from American Express",
    issuer: "American Express",
    category: "Cashback",
    annualFee: 0,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 100, unit: "USD" },
    benefitForReferrer:
      "Earn a targeted statement credit (often $100) for each approved referral, up to $1,000 per year on most accounts.",
    applyBenefitWithReferral:
      "Earn a $200 statement credit after $2,000 in purchases in the first 6 months (offers vary).",
    welcomeOffer: { amount: 200, unit: "USD", minSpend: 2000, months: 6 },
    description:
      "3% cash back at US supermarkets, on US online retail purchases and at US gas stations, each on up to $6,000 a year\n1% cash back on other purchases\n0% intro APR for 15 months on purchases and balance transfers\nNo annual fee",
    officialWebsite: "https://www.americanexpress.com/us/credit-cards/card/blue-cash-everyday/",
    maxReferCount: 10,
  },
  {
    name: "The Business Platinum Card from American Express",
    issuer: "American Express",
    category: "Business",
    annualFee: 895,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 30000, unit: "Points" },
    benefitForReferrer:
      "Earn a targeted Membership Rewards bonus (often 30,000 points) for each approved referral, up to 100,000 points per year on most accounts.",
    applyBenefitWithReferral:
      "Earn 200,000 Membership Rewards points after $20,000 in eligible purchases in the first 3 months (offers vary).",
    welcomeOffer: { amount: 200000, unit: "Points", minSpend: 20000, months: 3 },
    description:
      "5x points on flights and prepaid hotels booked through Amex Travel\n2x points on key business categories and on purchases of $5,000 or more\nAccess to Centurion Lounges and the Amex Global Lounge Collection\nBusiness statement credits for Dell, Indeed, Adobe and wireless services (enrollment required)\nUp to $600 a year in hotel credits on Fine Hotels + Resorts and The Hotel Collection prepaid bookings",
    officialWebsite:
      "https://www.americanexpress.com/us/credit-cards/business/business-credit-cards/american-express-business-platinum-credit-card-amex/",
    maxReferCount: 3,
  },
  {
    name: "American Express Business Gold Card",
    issuer: "American Express",
    category: "Business",
    annualFee: 375,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 25000, unit: "Points" },
    benefitForReferrer:
      "Earn a targeted Membership Rewards bonus (often 25,000 points) for each approved referral, up to 100,000 points per year on most accounts.",
    applyBenefitWithReferral:
      "Earn 100,000 Membership Rewards points after $15,000 in eligible purchases in the first 3 months (offers vary).",
    welcomeOffer: { amount: 100000, unit: "Points", minSpend: 15000, months: 3 },
    description:
      "4x points in the 2 categories where your business spends most each month, on up to $150,000 a year combined\n3x points on flights and prepaid hotels booked through Amex Travel\nUp to $240 a year in flexible business credits\nEmployee cards at no additional cost",
    officialWebsite:
      "https://www.americanexpress.com/us/credit-cards/business/business-credit-cards/american-express-business-gold-card-amex/",
    maxReferCount: 4,
  },
  {
    name: "The Blue Business Plus Credit Card from American Express",
    issuer: "American Express",
    category: "Business",
    annualFee: 0,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 15000, unit: "Points" },
    benefitForReferrer:
      "Earn a targeted Membership Rewards bonus (often 15,000 points) for each approved referral, up to 100,000 points per year on most accounts.",
    applyBenefitWithReferral: "Earn 15,000 Membership Rewards points after $3,000 in purchases in the first 3 months.",
    welcomeOffer: { amount: 15000, unit: "Points", minSpend: 3000, months: 3 },
    description:
      "2x points on everyday business purchases, on up to $50,000 a year, then 1x\n0% intro APR for 12 months on purchases\nExpanded buying power above the credit limit\nNo annual fee",
    officialWebsite:
      "https://www.americanexpress.com/us/credit-cards/business/business-credit-cards/blue-business-plus-credit-card-amex/",
    maxReferCount: 6,
  },
  {
    name: "Delta SkyMiles Gold American Express Card",
    issuer: "American Express",
    category: "Travel",
    annualFee: 150,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 20000, unit: "Miles" },
    benefitForReferrer:
      "Earn a targeted bonus (often 20,000 Delta SkyMiles) for each approved referral, up to 100,000 miles per year on most accounts.",
    applyBenefitWithReferral: "Earn 50,000 bonus miles after $2,000 in purchases in the first 6 months (offers vary).",
    welcomeOffer: { amount: 50000, unit: "Miles", minSpend: 2000, months: 6 },
    description:
      "2x miles on Delta purchases, at restaurants worldwide and at US supermarkets\nFirst checked bag free on Delta flights\n15% off award travel on Delta flights\n$200 Delta flight credit after $10,000 in purchases a year\n$0 intro annual fee the first year, then $150",
    officialWebsite: "https://www.americanexpress.com/us/credit-cards/card/delta-skymiles-gold-american-express-card/",
    maxReferCount: 5,
  },
  {
    name: "Delta SkyMiles Platinum American Express Card",
    issuer: "American Express",
    category: "Travel",
    annualFee: 350,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 25000, unit: "Miles" },
    benefitForReferrer:
      "Earn a targeted bonus (often 25,000 Delta SkyMiles) for each approved referral, up to 100,000 miles per year on most accounts.",
    applyBenefitWithReferral: "Earn 60,000 bonus miles after $3,000 in purchases in the first 6 months (offers vary).",
    welcomeOffer: { amount: 60000, unit: "Miles", minSpend: 3000, months: 6 },
    description:
      "3x miles on Delta purchases and hotels booked direct\n2x miles at restaurants worldwide and at US supermarkets\nCompanion Certificate every card renewal\nFirst checked bag free and 15% off Delta award travel\n$2,500 Medallion Qualification Dollars head start each year",
    officialWebsite:
      "https://www.americanexpress.com/us/credit-cards/card/delta-skymiles-platinum-american-express-card/",
    maxReferCount: 4,
  },
  {
    name: "Hilton Honors American Express Card",
    issuer: "American Express",
    category: "Travel",
    annualFee: 0,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 15000, unit: "Points" },
    benefitForReferrer:
      "Earn a targeted bonus (often 15,000 Hilton Honors points) for each approved referral, up to 140,000 points per year on most accounts.",
    applyBenefitWithReferral:
      "Earn 100,000 Hilton Honors points after $2,000 in purchases in the first 6 months (offers vary).",
    welcomeOffer: { amount: 100000, unit: "Points", minSpend: 2000, months: 6 },
    description:
      "7x points at Hilton hotels and resorts\n5x points at US restaurants, US supermarkets and US gas stations\n3x points on other purchases\nComplimentary Hilton Honors Silver status\nNo annual fee",
    officialWebsite: "https://www.americanexpress.com/us/credit-cards/card/hilton-honors/",
    maxReferCount: 9,
  },
  {
    name: "Hilton Honors American Express Surpass Card",
    issuer: "American Express",
    category: "Travel",
    annualFee: 150,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 20000, unit: "Points" },
    benefitForReferrer:
      "Earn a targeted bonus (often 20,000 Hilton Honors points) for each approved referral, up to 140,000 points per year on most accounts.",
    applyBenefitWithReferral:
      "Earn 130,000 Hilton Honors points plus a Free Night Reward after $3,000 in purchases in the first 6 months (offers vary).",
    welcomeOffer: { amount: 130000, unit: "Points", minSpend: 3000, months: 6 },
    description:
      "12x points at Hilton hotels and resorts\n6x points at US restaurants, US supermarkets and US gas stations\n4x points on US online retail purchases\nComplimentary Hilton Honors Gold status\nUp to $200 a year in Hilton credits and a Free Night Reward after $15,000 in purchases a year",
    officialWebsite: "https://www.americanexpress.com/us/credit-cards/card/hilton-honors-surpass/",
    maxReferCount: 7,
  },

  // ---------------------------------------------------------------- Capital One
  {
    name: "Capital One Venture X Rewards Credit Card",
    issuer: "Capital One",
    category: "Travel",
    annualFee: 395,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 20000, unit: "Miles" },
    benefitForReferrer: "Earn 20,000 bonus miles for each approved referral, up to 100,000 miles per year.",
    applyBenefitWithReferral: "Earn 75,000 bonus miles after $4,000 in purchases in the first 3 months.",
    welcomeOffer: { amount: 75000, unit: "Miles", minSpend: 4000, months: 3 },
    description:
      "$300 annual credit for bookings through Capital One Travel\n10,000 bonus miles every account anniversary\n10x on hotels and rental cars and 5x on flights booked through Capital One Travel\n2x miles on every other purchase\nCapital One Lounge and Priority Pass lounge access",
    officialWebsite: "https://www.capitalone.com/credit-cards/venture-x/",
    maxReferCount: 5,
  },
  {
    name: "Capital One Venture Rewards Credit Card",
    issuer: "Capital One",
    category: "Travel",
    annualFee: 95,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 10000, unit: "Miles" },
    benefitForReferrer: "Earn bonus miles (often 10,000) for each approved referral, up to 50,000 miles per year.",
    applyBenefitWithReferral: "Earn 75,000 bonus miles after $4,000 in purchases in the first 3 months.",
    welcomeOffer: { amount: 75000, unit: "Miles", minSpend: 4000, months: 3 },
    description:
      "2x miles on every purchase\n5x miles on hotels, vacation rentals and rental cars booked through Capital One Travel\nUp to $120 credit for Global Entry or TSA PreCheck\nTransfer miles to 15+ airline and hotel partners\nNo foreign transaction fees",
    officialWebsite: "https://www.capitalone.com/credit-cards/venture/",
    maxReferCount: 5,
  },
  {
    name: "Capital One VentureOne Rewards Credit Card",
    issuer: "Capital One",
    category: "Travel",
    annualFee: 0,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 5000, unit: "Miles" },
    benefitForReferrer: "Earn bonus miles (often 5,000) for each approved referral, up to 50,000 miles per year.",
    applyBenefitWithReferral: "Earn 20,000 bonus miles after $500 in purchases in the first 3 months.",
    welcomeOffer: { amount: 20000, unit: "Miles", minSpend: 500, months: 3 },
    description:
      "1.25x miles on every purchase\n5x miles on hotels, vacation rentals and rental cars booked through Capital One Travel\nTransfer miles to airline and hotel partners\nNo annual fee and no foreign transaction fees",
    officialWebsite: "https://www.capitalone.com/credit-cards/ventureone/",
    maxReferCount: 10,
  },
  {
    name: "Capital One Quicksilver Cash Rewards Credit Card",
    issuer: "Capital One",
    category: "Cashback",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 100, unit: "USD" },
    benefitForReferrer: "Earn $100 cash back for each approved referral, up to $500 per year.",
    applyBenefitWithReferral: "Earn a $200 cash bonus after $500 in purchases in the first 3 months.",
    welcomeOffer: { amount: 200, unit: "USD", minSpend: 500, months: 3 },
    description:
      "Unlimited 1.5% cash back on every purchase\n5% cash back on hotels and rental cars booked through Capital One Travel\n0% intro APR for 15 months on purchases and balance transfers\nNo annual fee and no foreign transaction fees",
    officialWebsite: "https://www.capitalone.com/credit-cards/quicksilver/",
    maxReferCount: 5,
  },
  {
    name: "Capital One Savor Cash Rewards Credit Card",
    issuer: "Capital One",
    category: "Cashback",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 100, unit: "USD" },
    benefitForReferrer: "Earn $100 cash back for each approved referral, up to $500 per year.",
    applyBenefitWithReferral: "Earn a $200 cash bonus after $500 in purchases in the first 3 months.",
    welcomeOffer: { amount: 200, unit: "USD", minSpend: 500, months: 3 },
    description:
      "3% cash back on dining, entertainment, popular streaming services and at grocery stores\n8% cash back on Capital One Entertainment purchases\n5% cash back on hotels and rental cars booked through Capital One Travel\n1% cash back on all other purchases\nNo annual fee",
    officialWebsite: "https://www.capitalone.com/credit-cards/savor/",
    maxReferCount: 5,
  },
  {
    name: "Capital One Spark Cash Plus",
    issuer: "Capital One",
    category: "Business",
    annualFee: 150,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 200, unit: "USD" },
    benefitForReferrer:
      "Earn a cash bonus (often $200) for each business approved through Capital One Refer a Business, up to $1,000 per year.",
    applyBenefitWithReferral:
      "Earn up to $2,000 in cash bonuses after meeting the spending requirement in the first 3 months (offers vary).",
    welcomeOffer: { amount: 2000, unit: "USD", minSpend: 0, months: 3 },
    description:
      "Unlimited 2% cash back on every purchase\n5% cash back on hotels and rental cars booked through Capital One Business Travel\nNo preset spending limit; the balance is due in full every month\nAnnual fee refunded every year you spend at least $150,000\nFree employee cards",
    officialWebsite: "https://www.capitalone.com/small-business/credit-cards/spark-cash-plus/",
    maxReferCount: 5,
  },
  {
    name: "Capital One Quicksilver Student Cash Rewards Credit Card",
    issuer: "Capital One",
    category: "Student",
    annualFee: 0,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 50, unit: "USD" },
    benefitForReferrer:
      "Eligible cardholders earn a cash bonus (often $50) for each approved referral, up to $500 per year.",
    applyBenefitWithReferral: "Earn a $50 cash bonus after $100 in purchases in the first 3 months.",
    welcomeOffer: { amount: 50, unit: "USD", minSpend: 100, months: 3 },
    description:
      "Unlimited 1.5% cash back on every purchase\n5% cash back on hotels and rental cars booked through Capital One Travel\nNo annual fee and no foreign transaction fees\nSuccessor to the Journey Student card for students building credit",
    officialWebsite: "https://www.capitalone.com/credit-cards/quicksilver-student/",
    maxReferCount: 10,
  },
  {
    name: "Capital One Savor Student Cash Rewards Credit Card",
    issuer: "Capital One",
    category: "Student",
    annualFee: 0,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 50, unit: "USD" },
    benefitForReferrer:
      "Eligible cardholders earn a cash bonus (often $50) for each approved referral, up to $500 per year.",
    applyBenefitWithReferral: "Earn a $50 cash bonus after $100 in purchases in the first 3 months.",
    welcomeOffer: { amount: 50, unit: "USD", minSpend: 100, months: 3 },
    description:
      "3% cash back on dining, entertainment, popular streaming services and at grocery stores\n8% cash back on Capital One Entertainment purchases\n1% cash back on all other purchases\nNo annual fee and no foreign transaction fees",
    officialWebsite: "https://www.capitalone.com/credit-cards/savor-student/",
    maxReferCount: 10,
  },
  {
    name: "Capital One Platinum Secured Credit Card",
    issuer: "Capital One",
    category: "Other",
    annualFee: 0,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 50, unit: "USD" },
    benefitForReferrer:
      "Eligible cardholders earn a statement credit (often $50) for each approved referral, up to $500 per year.",
    applyBenefitWithReferral:
      "No welcome bonus; a refundable deposit of $49, $99 or $200 opens a $200 initial credit line.",
    welcomeOffer: { amount: 0, unit: "USD", minSpend: 0, months: 0 },
    description:
      "Secured card for building or rebuilding credit\nAutomatic credit line review in as little as 6 months\nNo annual fee and no foreign transaction fees\nFree credit monitoring with CreditWise",
    officialWebsite: "https://www.capitalone.com/credit-cards/platinum-secured/",
    maxReferCount: 10,
  },

  // ---------------------------------------------------------------- Citi
  {
    name: "Citi Strata Premier Card",
    issuer: "Citi",
    category: "Travel",
    annualFee: 95,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 10000, unit: "Points" },
    benefitForReferrer:
      "Targeted cardmembers earn ThankYou points (often 10,000) for each approved referral; Citi does not publish a yearly cap.",
    applyBenefitWithReferral: "Earn 60,000 bonus ThankYou points after $4,000 in purchases in the first 3 months.",
    welcomeOffer: { amount: 60000, unit: "Points", minSpend: 4000, months: 3 },
    description:
      "10x points on hotels, car rentals and attractions booked on CitiTravel.com\n3x points on air travel and other hotels, restaurants, supermarkets and gas and EV charging stations\n$100 annual hotel benefit on a single stay of $500 or more through Citi Travel\nTransfer points to airline and hotel partners\nNo foreign transaction fees",
    officialWebsite: "https://www.citi.com/credit-cards/citi-strata-premier-credit-card",
    maxReferCount: 0,
  },
  {
    name: "Citi Double Cash Card",
    issuer: "Citi",
    category: "Cashback",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "Citi runs no standing referral program for this card, so referrers earn no bonus.",
    applyBenefitWithReferral:
      "Earn $200 cash back (20,000 ThankYou points) after $1,500 in purchases in the first 6 months.",
    welcomeOffer: { amount: 200, unit: "USD", minSpend: 1500, months: 6 },
    description:
      "2% on every purchase: 1% when you buy and 1% as you pay\nEarns ThankYou points that can be redeemed as cash back\n0% intro APR for 18 months on balance transfers\nNo annual fee",
    officialWebsite: "https://www.citi.com/credit-cards/citi-double-cash-credit-card",
    maxReferCount: 0,
  },
  {
    name: "Citi Custom Cash Card",
    issuer: "Citi",
    category: "Cashback",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "Citi runs no standing referral program for this card, so referrers earn no bonus.",
    applyBenefitWithReferral:
      "Earn $200 cash back (20,000 ThankYou points) after $1,500 in purchases in the first 6 months.",
    welcomeOffer: { amount: 200, unit: "USD", minSpend: 1500, months: 6 },
    description:
      "5% cash back on your top eligible spend category each billing cycle, on up to $500 spent\n1% cash back on all other purchases\n0% intro APR for 15 months on purchases and balance transfers\nNo annual fee",
    officialWebsite: "https://www.citi.com/credit-cards/citi-custom-cash-credit-card",
    maxReferCount: 0,
  },
  {
    name: "Costco Anywhere Visa Card by Citi",
    issuer: "Citi",
    category: "Cashback",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "This card has no referral program, so referrers earn no bonus.",
    applyBenefitWithReferral: "No welcome bonus; an active Costco membership is required.",
    welcomeOffer: { amount: 0, unit: "USD", minSpend: 0, months: 0 },
    description:
      "4% cash back on eligible gas and EV charging, on up to $7,000 a year, then 1%\n3% cash back at restaurants and on eligible travel\n2% cash back on Costco and Costco.com purchases\n1% cash back on all other purchases\nNo annual fee with a paid Costco membership",
    officialWebsite: "https://www.citi.com/credit-cards/citi-costco-anywhere-visa-credit-card",
    maxReferCount: 0,
  },

  // ---------------------------------------------------------------- Discover
  {
    name: "Discover it Cash Back",
    issuer: "Discover",
    category: "Cashback",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 50, unit: "USD" },
    benefitForReferrer: "Earn a $50 statement credit for each approved referral, up to 10 referrals ($500) per year.",
    applyBenefitWithReferral:
      "Cashback Match: all cash back earned in the first year is matched.\nPlus a $50 statement credit after your first purchase within 3 months when you apply through a referral.",
    welcomeOffer: { amount: 50, unit: "USD", minSpend: 0, months: 3 },
    description:
      "5% cash back on rotating quarterly categories, up to $1,500 when activated\n1% cash back on all other purchases\nCashback Match at the end of the first year\nNo annual fee and no foreign transaction fees",
    officialWebsite: "https://www.discover.com/credit-cards/cash-back/it-card.html",
    maxReferCount: 10,
  },
  {
    name: "Discover it Miles",
    issuer: "Discover",
    category: "Travel",
    annualFee: 0,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 50, unit: "USD" },
    benefitForReferrer: "Earn a statement credit (usually $50) for each approved referral, up to $500 per year.",
    applyBenefitWithReferral:
      "Unlimited Mile-for-Mile match of all miles earned in the first year.\nPlus a $50 statement credit after your first purchase within 3 months when you apply through a referral.",
    welcomeOffer: { amount: 50, unit: "USD", minSpend: 0, months: 3 },
    description:
      "Unlimited 1.5x miles on every purchase\nMile-for-Mile match at the end of the first year\nRedeem miles as a statement credit for travel or as cash\nNo annual fee and no foreign transaction fees",
    officialWebsite: "https://www.discover.com/credit-cards/travel/",
    maxReferCount: 10,
  },
  {
    name: "Discover it Student Cash Back",
    issuer: "Discover",
    category: "Student",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 50, unit: "USD" },
    benefitForReferrer: "Earn a $50 statement credit for each approved referral, up to 10 referrals ($500) per year.",
    applyBenefitWithReferral:
      "Cashback Match: all cash back earned in the first year is matched.\nPlus a $50 statement credit after your first purchase within 3 months when you apply through a referral.",
    welcomeOffer: { amount: 50, unit: "USD", minSpend: 0, months: 3 },
    description:
      "5% cash back on rotating quarterly categories, up to $1,500 when activated\n1% cash back on all other purchases\nNo credit score required to apply\nNo annual fee and no foreign transaction fees",
    officialWebsite: "https://www.discover.com/credit-cards/student/it-card.html",
    maxReferCount: 10,
  },
  {
    name: "Discover it Student Chrome",
    issuer: "Discover",
    category: "Student",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 50, unit: "USD" },
    benefitForReferrer: "Earn a $50 statement credit for each approved referral, up to 10 referrals ($500) per year.",
    applyBenefitWithReferral:
      "Cashback Match: all cash back earned in the first year is matched.\nPlus a $50 statement credit after your first purchase within 3 months when you apply through a referral.",
    welcomeOffer: { amount: 50, unit: "USD", minSpend: 0, months: 3 },
    description:
      "2% cash back at gas stations and restaurants on up to $1,000 in combined purchases each quarter\n1% cash back on all other purchases\nNo credit score required to apply\nNo annual fee and no foreign transaction fees",
    officialWebsite: "https://www.discover.com/credit-cards/student/chrome-card.html",
    maxReferCount: 10,
  },
  {
    name: "Discover it Secured Credit Card",
    issuer: "Discover",
    category: "Other",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "Secured cardmembers are not eligible for Discover Refer a Friend rewards.",
    applyBenefitWithReferral:
      "Cashback Match: all cash back earned in the first year is matched.\nA refundable deposit of at least $200 sets the credit line.",
    welcomeOffer: { amount: 0, unit: "USD", minSpend: 0, months: 0 },
    description:
      "2% cash back at gas stations and restaurants on up to $1,000 in combined purchases each quarter\n1% cash back on all other purchases\nAutomatic reviews from 7 months to move to an unsecured line\nNo annual fee",
    officialWebsite: "https://www.discover.com/credit-cards/secured/",
    maxReferCount: 0,
  },

  // ---------------------------------------------------------------- Bank of America
  {
    name: "Bank of America Customized Cash Rewards Credit Card",
    issuer: "Bank of America",
    category: "Cashback",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "Bank of America has no credit card referral program, so referrers earn no bonus.",
    applyBenefitWithReferral: "Earn a $200 online cash rewards bonus after $1,000 in purchases in the first 90 days.",
    welcomeOffer: { amount: 200, unit: "USD", minSpend: 1000, months: 3 },
    description:
      "3% cash back in the category of your choice, such as gas, online shopping, dining or travel\n2% cash back at grocery stores and wholesale clubs\n3% and 2% apply to the first $2,500 in combined purchases each quarter, then 1%\nPreferred Rewards members earn 25% to 75% more\nNo annual fee",
    officialWebsite: "https://www.bankofamerica.com/credit-cards/products/cash-back-credit-card/",
    maxReferCount: 0,
  },
  {
    name: "Bank of America Travel Rewards Credit Card",
    issuer: "Bank of America",
    category: "Travel",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "Bank of America has no credit card referral program, so referrers earn no bonus.",
    applyBenefitWithReferral:
      "Earn 25,000 online bonus points after $1,000 in purchases in the first 90 days - a $250 value toward travel.",
    welcomeOffer: { amount: 25000, unit: "Points", minSpend: 1000, months: 3 },
    description:
      "Unlimited 1.5 points per $1 on every purchase\nRedeem points as a statement credit for travel and dining purchases\nPreferred Rewards members earn 25% to 75% more\nNo annual fee and no foreign transaction fees",
    officialWebsite: "https://www.bankofamerica.com/credit-cards/products/travel-rewards-credit-card/",
    maxReferCount: 0,
  },
  {
    name: "Bank of America Customized Cash Rewards Credit Card for Students",
    issuer: "Bank of America",
    category: "Student",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "Bank of America has no credit card referral program, so referrers earn no bonus.",
    applyBenefitWithReferral: "Earn a $200 online cash rewards bonus after $1,000 in purchases in the first 90 days.",
    welcomeOffer: { amount: 200, unit: "USD", minSpend: 1000, months: 3 },
    description:
      "3% cash back in the category of your choice\n2% cash back at grocery stores and wholesale clubs\n3% and 2% apply to the first $2,500 in combined purchases each quarter, then 1%\nNo annual fee",
    officialWebsite: "https://www.bankofamerica.com/credit-cards/products/student-cash-back-credit-card/",
    maxReferCount: 0,
  },
  {
    name: "Bank of America Customized Cash Rewards Secured Credit Card",
    issuer: "Bank of America",
    category: "Other",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "Bank of America has no credit card referral program, so referrers earn no bonus.",
    applyBenefitWithReferral: "No welcome bonus; a refundable deposit of $200 to $5,000 sets the credit line.",
    welcomeOffer: { amount: 0, unit: "USD", minSpend: 0, months: 0 },
    description:
      "Secured card that earns the same 3%, 2% and 1% cash back as Customized Cash Rewards\nAccount reviewed periodically to return the deposit\nNo annual fee",
    officialWebsite: "https://www.bankofamerica.com/credit-cards/products/secured-cash-back-credit-card/",
    maxReferCount: 0,
  },

  // ---------------------------------------------------------------- Wells Fargo
  {
    name: "Wells Fargo Active Cash Card",
    issuer: "Wells Fargo",
    category: "Cashback",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "Wells Fargo runs no public referral program for this card, so referrers earn no bonus.",
    applyBenefitWithReferral: "Earn a $200 cash rewards bonus after $500 in purchases in the first 3 months.",
    welcomeOffer: { amount: 200, unit: "USD", minSpend: 500, months: 3 },
    description:
      "Unlimited 2% cash rewards on purchases\n0% intro APR for 12 months on purchases and qualifying balance transfers\nCell phone protection up to $600\nNo annual fee",
    officialWebsite: "https://creditcards.wellsfargo.com/active-cash-credit-card/",
    maxReferCount: 0,
  },
  {
    name: "Wells Fargo Autograph Card",
    issuer: "Wells Fargo",
    category: "Rewards",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "Wells Fargo runs no public referral program for this card, so referrers earn no bonus.",
    applyBenefitWithReferral:
      "Earn 20,000 bonus points after $1,000 in purchases in the first 3 months - a $200 cash value.",
    welcomeOffer: { amount: 20000, unit: "Points", minSpend: 1000, months: 3 },
    description:
      "3x points at restaurants, on travel, gas stations, transit, popular streaming services and phone plans\n1x points on other purchases\nCell phone protection\nNo annual fee and no foreign transaction fees",
    officialWebsite: "https://creditcards.wellsfargo.com/autograph-visa-credit-card/",
    maxReferCount: 0,
  },
  {
    name: "Bilt Mastercard",
    issuer: "Wells Fargo",
    category: "Rewards",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 2500, unit: "Points" },
    benefitForReferrer:
      "Earn 2,500 Bilt Points for each friend approved for the card through your link; no published yearly cap.",
    applyBenefitWithReferral:
      "No standard welcome bonus.\nNew cardmembers are sometimes targeted with boosted points in their first days.",
    welcomeOffer: { amount: 0, unit: "USD", minSpend: 0, months: 0 },
    description:
      "1x points on rent with no transaction fee (5 transactions per statement required)\n3x points on dining and 2x on travel\nDouble points on Rent Day, the 1st of each month (except rent)\nTransfer points 1:1 to airline and hotel partners\nWells Fargo-issued card; Bilt moved its card program to Cardless in 2026",
    officialWebsite: "https://www.bilt.com/card",
    maxReferCount: 0,
  },

  // ---------------------------------------------------------------- U.S. Bank
  {
    name: "U.S. Bank Altitude Go Card",
    issuer: "U.S. Bank",
    category: "Rewards",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "U.S. Bank runs no public referral program for this card, so referrers earn no bonus.",
    applyBenefitWithReferral:
      "Earn 20,000 bonus points after $1,000 in eligible purchases in the first 90 days - a $200 value.",
    welcomeOffer: { amount: 20000, unit: "Points", minSpend: 1000, months: 3 },
    description:
      "4x points on dining, takeout and restaurant delivery on the first $2,000 each quarter\n2x points at grocery stores, gas and EV charging stations and on streaming services\n1x points on other purchases\nStreaming service credit each year\nNo annual fee and no foreign transaction fees",
    officialWebsite: "https://www.usbank.com/credit-cards/altitude-go-visa-signature-credit-card.html",
    maxReferCount: 0,
  },
  {
    name: "U.S. Bank Cash+ Visa Signature Card",
    issuer: "U.S. Bank",
    category: "Cashback",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "U.S. Bank runs no public referral program for this card, so referrers earn no bonus.",
    applyBenefitWithReferral: "Earn a $200 rewards bonus after $1,000 in eligible purchases in the first 90 days.",
    welcomeOffer: { amount: 200, unit: "USD", minSpend: 1000, months: 3 },
    description:
      "5% cash back on the first $2,000 in combined purchases each quarter in two categories you choose\n2% cash back in one everyday category such as gas, groceries or restaurants\n5% cash back on prepaid travel booked in the Rewards Travel Center\n1% cash back on all other purchases\nNo annual fee",
    officialWebsite: "https://www.usbank.com/credit-cards/cash-plus-visa-signature-credit-card.html",
    maxReferCount: 0,
  },

  // ---------------------------------------------------------------- Barclays
  {
    name: "AAdvantage Aviator Red World Elite Mastercard",
    issuer: "Barclays",
    category: "Travel",
    annualFee: 99,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 5000, unit: "Miles" },
    benefitForReferrer:
      "Targeted cardmembers earn AAdvantage miles (often 5,000) for each approved referral, up to 50,000 miles per year.",
    applyBenefitWithReferral:
      "Earn 60,000 bonus miles after your first purchase and paying the $99 annual fee in full within the first 90 days.",
    welcomeOffer: { amount: 60000, unit: "Miles", minSpend: 0, months: 3 },
    description:
      "2x miles on eligible American Airlines purchases\nFirst checked bag free on domestic American Airlines itineraries\nPreferred boarding and 25% off inflight purchases\nCompanion certificate after $20,000 in purchases in a cardmember year\nNo foreign transaction fees",
    officialWebsite: "https://cards.barclaycardus.com/banking/cards/aadvantage-aviator-red-world-elite-mastercard/",
    maxReferCount: 10,
  },
  {
    name: "JetBlue Plus Card",
    issuer: "Barclays",
    category: "Travel",
    annualFee: 99,
    hasVariousReferrerBonus: true,
    referralBonus: { amount: 5000, unit: "Points" },
    benefitForReferrer:
      "Targeted cardmembers earn TrueBlue points (often 5,000) for each approved referral, up to 50,000 points per year.",
    applyBenefitWithReferral:
      "Earn 50,000 bonus points after $1,000 in purchases and paying the annual fee in full within the first 90 days (offers vary).",
    welcomeOffer: { amount: 50000, unit: "Points", minSpend: 1000, months: 3 },
    description:
      "6x points on JetBlue purchases\n2x points at restaurants and eligible grocery stores\nFirst checked bag free for you and up to 3 companions\n5,000 bonus points every card anniversary\n10% of points back on every award redemption",
    officialWebsite: "https://cards.barclaycardus.com/banking/cards/jetblue-plus-card/",
    maxReferCount: 10,
  },

  // ---------------------------------------------------------------- Goldman Sachs
  {
    name: "Apple Card",
    issuer: "Goldman Sachs",
    category: "Cashback",
    annualFee: 0,
    hasVariousReferrerBonus: false,
    referralBonus: { amount: 0, unit: "USD" },
    benefitForReferrer: "Apple Card has no referral program, so referrers earn no bonus.",
    applyBenefitWithReferral: "No standard welcome bonus; Apple runs occasional limited-time Daily Cash promotions.",
    welcomeOffer: { amount: 0, unit: "USD", minSpend: 0, months: 0 },
    description:
      "3% Daily Cash on Apple purchases and at select merchants with Apple Pay\n2% Daily Cash on purchases made with Apple Pay\n1% Daily Cash with the titanium card\nNo annual, late or foreign transaction fees\nDaily Cash can grow in an Apple Card Savings account",
    officialWebsite: "https://www.apple.com/apple-card/",
    maxReferCount: 0,
  },
];
