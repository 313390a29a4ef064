/** Readable labels for the KYC questionnaire's canonical codes and the verification kinds. */
import type {
  ANNUAL_INCOMES,
  CORPORATE_ACTIVITIES,
  CORPORATE_FUND_ORIGINS,
  CORPORATE_PURPOSES,
  CORPORATE_TRANSACTION_COUNTS,
  CORPORATE_TURNOVERS,
  LEGAL_FORMS,
  OCCUPATIONS,
  PERSONAL_ACTIVITIES,
  PERSONAL_FUND_ORIGINS,
  PERSONAL_TRANSACTION_COUNTS,
  PERSONAL_TURNOVERS,
  PROFESSIONS,
} from "@/server/profiles/kyc-codes";
import type { CorporateVerificationKind, PersonalVerificationKind } from "@/server/profiles/kyc.schemas";

/** A readable label for every canonical code of a table. */
type Labels<T> = Record<keyof T & string, string>;

const occupations: Labels<typeof OCCUPATIONS> = {
  OCCUPATION_STUDENT: "Student",
  OCCUPATION_EMPLOYED: "Employed",
  OCCUPATION_SELF_EMPLOYED: "Self-employed",
  OCCUPATION_UNEMPLOYED: "Unemployed",
  OCCUPATION_RETIRED: "Retired",
};

const professions: Labels<typeof PROFESSIONS> = {
  PROF_ACCOUNTANCY: "Accountancy",
  PROF_ADMINISTRATIVE: "Administration",
  PROF_AGRICULTURE: "Agriculture",
  PROF_ARTS_MEDIA: "Arts, entertainment and media",
  PROF_BROKER_DEALER: "Broker or dealer",
  PROF_CATERING_HOSPITALITY: "Catering, hospitality and tourism",
  PROF_CHARITY: "Charity",
  PROF_CONSTRUCTION_REAL_ESTATE: "Construction and real estate",
  PROF_DEALER_HIGH_VALUE_GOODS: "Dealer in high-value goods",
  PROF_DEALER_PRECIOUS_METALS: "Dealer in precious metals",
  PROF_EDUCATION: "Education",
  PROF_EMERGENCY_SERVICES: "Emergency services",
  PROF_EXTRACTIVE_INDUSTRY: "Extractive industry",
  PROF_FIN_SERVICES_BANKING: "Financial services: banking",
  PROF_FIN_SERVICES_INSURANCE: "Financial services: insurance",
  PROF_FIN_SERVICES_OTHER: "Financial services: other",
  PROF_FIN_SERVICES_PRIVATE_BANKING: "Financial services: private banking",
  PROF_GAMBLING: "Gambling",
  PROF_GOVERNMENT: "Government",
  PROF_HEALTHCARE_MEDICAL: "Health care and medicine",
  PROF_INFORMATION_TECHNOLOGY: "Information technology",
  PROF_LEGAL: "Legal",
  PROF_MANUFACTURING: "Manufacturing",
  PROF_MARKETING: "Marketing",
  PROF_MILITARY_DEFENCE: "Military and defence",
  PROF_MONEY_SERVICE_BUSINESS: "Money service business",
  PROF_PENSIONER: "Pensioner",
  PROF_PUBLIC_PROCUREMENT: "Public procurement",
  PROF_RETAIL_SALES: "Retail and sales",
};

const personalFundOrigins: Labels<typeof PERSONAL_FUND_ORIGINS> = {
  FUND_ORIGIN_SALARY: "Salary",
  FUND_ORIGIN_DIVIDENDS: "Dividends",
  FUND_ORIGIN_INHERITANCE: "Inheritance",
  FUND_ORIGIN_SAVINGS: "Savings",
  FUND_ORIGIN_INVESTMENT: "Investments",
  FUND_ORIGIN_GIFT: "Gift",
  FUND_ORIGIN_MINING: "Crypto mining",
  FUND_ORIGIN_REAL_ESTATE: "Real estate",
  FUND_ORIGIN_LOAN: "Loan",
};

const annualIncomes: Labels<typeof ANNUAL_INCOMES> = {
  ANNUAL_INCOME_UNDER_10K: "Under €10,000",
  ANNUAL_INCOME_10K_TO_50K: "€10,000 to €50,000",
  ANNUAL_INCOME_50K_TO_150K: "€50,000 to €150,000",
  ANNUAL_INCOME_150K_TO_300K: "€150,000 to €300,000",
  ANNUAL_INCOME_OVER_300K: "Over €300,000",
};

const personalTurnovers: Labels<typeof PERSONAL_TURNOVERS> = {
  TURNOVER_UNDER_10K: "Under €10,000",
  TURNOVER_10K_TO_50K: "€10,000 to €50,000",
  TURNOVER_50K_TO_150K: "€50,000 to €150,000",
  TURNOVER_150K_TO_500K: "€150,000 to €500,000",
  TURNOVER_OVER_500K: "Over €500,000",
};

const personalTransactionCounts: Labels<typeof PERSONAL_TRANSACTION_COUNTS> = {
  TRANSACTION_COUNT_LESS_THAN_5: "Fewer than 5",
  TRANSACTION_COUNT_5_TO_50: "5 to 50",
  TRANSACTION_COUNT_50_TO_100: "50 to 100",
  TRANSACTION_COUNT_100_TO_200: "100 to 200",
  TRANSACTION_COUNT_OVER_200: "More than 200",
};

const personalActivities: Labels<typeof PERSONAL_ACTIVITIES> = {
  ACTIVITY_COMMERCE_SELLING: "Selling goods or services",
  ACTIVITY_COMMERCE_BUYING: "Buying goods or services",
  ACTIVITY_INVESTING_CRYPTO: "Investing in crypto assets",
  ACTIVITY_OTHER: "Something else",
};

const legalForms: Labels<typeof LEGAL_FORMS> = {
  LEGAL_FORM_PUBLIC_LIMITED: "Public limited company",
  LEGAL_FORM_PRIVATE_LIMITED: "Private limited company",
  LEGAL_FORM_PARTNERSHIPS: "Partnership",
  LEGAL_FORM_SOLE_TRADERS_PROPRIETORSHIPS: "Sole trader or proprietorship",
  LEGAL_FORM_PUBLIC_AUTHORITIES: "Public authority",
  LEGAL_FORM_NON_PROFIT: "Non-profit organisation",
  LEGAL_FORM_BRANCHES: "Branch of a foreign company",
  LEGAL_FORM_OTHER: "Other",
};

const corporatePurposes: Labels<typeof CORPORATE_PURPOSES> = {
  PURPOSE_COLLECTING_PAYMENTS: "Collecting payments",
  PURPOSE_PAYING_FOR_GOODS: "Paying for goods and services",
  PURPOSE_BUY_SELL_CRYPTO_CURRENCIES: "Buying and selling crypto currencies",
  PURPOSE_ENGAGE_IN_DEFI: "Taking part in decentralised finance",
  PURPOSE_OTHER: "Other",
};

const corporateActivities: Labels<typeof CORPORATE_ACTIVITIES> = {
  ACTIVITY_ACCOMMODATION_FOOD_TRAVEL: "Accommodation, food and travel",
  ACTIVITY_ACCOUNTING_LEGAL_CONSULTANCY: "Accounting, legal and consultancy",
  ACTIVITY_ADULT_ENTERTAINMENT: "Adult entertainment",
  ACTIVITY_ADVERTISING: "Advertising and marketing",
  ACTIVITY_AGRICULTURE: "Agriculture, forestry and fishing",
  ACTIVITY_ARTS_ENTERTAINMENT: "Arts, entertainment and recreation",
  ACTIVITY_CHARITY: "Charity",
  ACTIVITY_CONSTRUCTION: "Construction",
  ACTIVITY_DEALER_HIGH_VALUE_GOODS: "Dealing in high-value goods",
  ACTIVITY_ECOMMERCE: "E-commerce",
  ACTIVITY_EDUCATION: "Education",
  ACTIVITY_EXTRACTIVE_INDUSTRY: "Extractive industry",
  ACTIVITY_GAMBLING: "Gambling",
  ACTIVITY_HEALTH_SERVICES: "Health services",
  ACTIVITY_MANUFACTURING: "Manufacturing",
  ACTIVITY_MARKETPLACE: "Online marketplace",
  ACTIVITY_MEDIA: "Media and publishing",
  ACTIVITY_MULTI_LEVEL_MARKETING: "Multi-level marketing",
  ACTIVITY_PERSONAL_INVESTMENT: "Personal investment company",
  ACTIVITY_PUBLIC_SECTOR: "Public sector",
  ACTIVITY_REAL_ESTATE: "Real estate",
  ACTIVITY_RETAIL: "Retail and wholesale",
  ACTIVITY_SOCIAL_WORK: "Social work",
  ACTIVITY_SOFTWARE_TECHNOLOGY: "Software and technology",
  ACTIVITY_TELECOM: "Telecommunications",
  ACTIVITY_TRANSPORTATION: "Transport and storage",
  ACTIVITY_UTILITIES: "Utilities",
  ACTIVITY_CRYPTO_SERVICES: "Crypto asset services",
  ACTIVITY_FINANCIAL_INSTITUTION: "Financial institution",
  ACTIVITY_OTHER: "Other",
};

const corporateFundOrigins: Labels<typeof CORPORATE_FUND_ORIGINS> = {
  FUND_ORIGIN_REVENUE: "Revenue from operations",
  FUND_ORIGIN_PROFIT_DIVIDENDS: "Profits and dividends",
  FUND_ORIGIN_LOAN: "Loan",
  FUND_ORIGIN_INVESTMENTS: "Investment by shareholders",
  FUND_ORIGIN_CUSTOMER_FUNDS: "Customers' funds",
  FUND_ORIGIN_THIRD_PARTIES_FUNDS: "Third parties' funds",
};

const corporateTurnovers: Labels<typeof CORPORATE_TURNOVERS> = {
  TURNOVER_UNDER_100K: "Under €100,000",
  TURNOVER_100K_TO_250K: "€100,000 to €250,000",
  TURNOVER_MORE_THAN_250K: "Over €250,000",
};

const corporateTransactionCounts: Labels<typeof CORPORATE_TRANSACTION_COUNTS> = {
  TRANSACTION_COUNT_UNDER_100: "Fewer than 100",
  TRANSACTION_COUNT_100_TO_250: "100 to 250",
  TRANSACTION_COUNT_MORE_THAN_250: "More than 250",
};

export const personalVerifications: Record<PersonalVerificationKind, string> = {
  idDocument: "Identity document",
  facialSimilarity: "Selfie",
  proofOfResidency: "Proof of address",
  enhancedDueDiligence: "Source of funds",
  deviceIntelligence: "Device check",
};

export const corporateVerifications: Record<CorporateVerificationKind, string> = {
  enhancedDueDiligence: "Source of funds",
  corporateName: "Company name",
  corporateAddress: "Company address",
  registrationNumber: "Registration number",
  dateOfRegistration: "Date of registration",
  beneficialOwnership: "Beneficial ownership",
  powerOfAttorney: "Power of attorney",
  idDocument: "Identity document",
  proofOfResidency: "Proof of address",
};

/** The questionnaire's labels, per code table. */
export const formLabels = {
  occupations,
  professions,
  personalFundOrigins,
  annualIncomes,
  personalTurnovers,
  personalTransactionCounts,
  personalActivities,
  legalForms,
  corporatePurposes,
  corporateActivities,
  corporateFundOrigins,
  corporateTurnovers,
  corporateTransactionCounts,
};
