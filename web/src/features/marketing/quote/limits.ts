// Maximum lengths in characters, as the API counts them (internal/quote/validate.go). A module of its
// own so the personalized page can limit its prompt to what the quote's description takes.
export const QUOTE_LIMITS = {
  fullName: 100,
  email: 254,
  companyName: 120,
  businessType: 120,
  phone: 40,
  description: 5000,
} as const;
