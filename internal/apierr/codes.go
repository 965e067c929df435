package apierr

import "slices"

//go:generate go run ./gencodes -o ../../web/src/shared/api/codes.ts

// Code is a stable, machine-readable error code, which the app translates.
// Every code the API can answer is declared below, once. A Code can only be
// made here, so no service can answer a code the app has no words for: the
// frontend's list (web/src/shared/api/codes.ts) is generated from Codes, and a test
// fails when it is stale.
type Code struct{ name string }

func (c Code) String() string { return c.name }

// MarshalText writes the code as its name in JSON.
func (c Code) MarshalText() ([]byte, error) { return []byte(c.name), nil }

var declared []Code

func code(name string) Code {
	c := Code{name}
	declared = append(declared, c)
	return c
}

// Codes returns every declared code, in the order below.
func Codes() []Code { return slices.Clone(declared) }

// Input that the visitor can correct, usually next to one field.
var (
	CodeRequired         = code("required")           // a required field is empty (quote form)
	CodeTooLong          = code("too_long")           // a field is longer than allowed (quote form)
	CodeInvalidEmail     = code("invalid_email")      // not an email address such as name@company.com
	CodeInvalidLanguage  = code("invalid_language")   // the agent's language is neither English nor Dutch
	CodeEmailRequired    = code("email_required")     // account forms
	CodePasswordRequired = code("password_required")  // account forms
	CodePasswordTooShort = code("password_too_short") // fewer than 8 characters
	CodePasswordTooLong  = code("password_too_long")  // more than 128 characters
	CodeFullNameRequired = code("full_name_required") // sign-up
	CodeFullNameTooLong  = code("full_name_too_long") // more than 100 characters
	CodeFullNameInvalid  = code("full_name_invalid")  // control characters in the name
	CodeInvalidSource    = code("invalid_source")     // a quote's source is not one the form may send
)

// The console's input.
var (
	CodeInvalidStatus       = code("invalid_status")        // not a status of that kind of record
	CodeInvalidAmount       = code("invalid_amount")        // a price or amount below zero or absurdly high
	CodeInvalidCurrency     = code("invalid_currency")      // not an ISO 4217 currency such as EUR
	CodeUnknownAgent        = code("unknown_agent")         // no such agent in the catalogue
	CodeInvalidDeliveryDays = code("invalid_delivery_days") // a delivery time outside 0–365 days
	CodeVersionConflict     = code("version_conflict")      // 409: someone else changed the record since it was read
	CodeInvalidAssistant    = code("invalid_assistant")     // a Vapi assistant id that is not a UUID
	CodeAssistantTaken      = code("assistant_taken")       // 409: another order already has that assistant
	CodeAccountActive       = code("account_active")        // 409: an invitation to an account that has a password already
	CodeInvalidFieldName    = code("invalid_field_name")    // a call data field's name that is not lowercase letters, digits and _
	CodeDuplicateField      = code("duplicate_field")       // two call data fields with one name
	CodeInvalidFieldType    = code("invalid_field_type")    // a call data field's type that is not text, yes_no, number, datetime or choice
	CodeOptionsRequired     = code("options_required")      // a choice field without options (or with an empty or repeated one)
)

// The buyer's company details (invoices are addressed to them).
var (
	CodeInvalidPostcode = code("invalid_postcode") // not a postcode of the company's country (NL: 1234 AB)
	CodeInvalidCountry  = code("invalid_country")  // not an EU member state: the agency bills those by arrangement
	CodeInvalidKVK      = code("invalid_kvk")      // a Dutch company's KvK number that is not 8 digits
	CodeInvalidVATID    = code("invalid_vat_id")   // a VAT id not in its country's format (NL: NL123456789B01)
	CodeBuyerOnly       = code("buyer_only")       // 403: company details belong to buyer accounts, not staff
)

// The processor agreement (issue 23).
var (
	CodeDPANotAccepted = code("dpa_not_accepted") // 409: the buyer has not accepted the current processor agreement, so no agent of theirs can go live
	CodeDPAVersion     = code("dpa_version")      // 409: the version accepted is not the current one (a new version came out)
)

// Webhooks (the buyer's integrations).
var (
	CodeInvalidWebhookURL   = code("invalid_webhook_url")    // not an absolute https URL without credentials
	CodeWebhookURLNotPublic = code("webhook_url_not_public") // the URL's host is (or resolves to) an address that is not public
	CodeInvalidEvent        = code("invalid_event")          // no events, or one that is not call.ended or call.followup
)

// Billing (invoices, credit notes, payment).
var (
	CodeInvalidPeriod        = code("invalid_period")          // not a month as YYYY-MM
	CodePeriodOpen           = code("period_open")             // 409: the month has not ended yet (Europe/Amsterdam)
	CodeCompanyMissing       = code("company_missing")         // 409: the buyer has not filled in company details
	CodeAlreadyInvoiced      = code("already_invoiced")        // 409: an invoice for that company and month stands
	CodeNothingToBill        = code("nothing_to_bill")         // 409: the month's statement has no lines
	CodeBillingNotConfigured = code("billing_not_configured")  // 409: a COMPANY_* variable an invoice needs is not set
	CodeCreditExceedsInvoice = code("credit_exceeds_invoice")  // 409: the credit notes would exceed the invoice's total
	CodeCreditNoteNotInvoice = code("credit_note_not_invoice") // a credit note of a credit note
	CodeInvalidDate          = code("invalid_date")            // not a date as YYYY-MM-DD (or one in the future)
)

// The agent's settings (the greeting, hours, transfer number, questions and answers) and their approval.
var (
	CodeAIDisclosureMissing    = code("ai_disclosure_missing")    // a greeting that does not tell the caller they speak with an AI (EU AI Act art. 50)
	CodeRecordingNoticeMissing = code("recording_notice_missing") // the agent records calls and the greeting does not say so
	CodeInvalidTime            = code("invalid_time")             // not a time as HH:MM, or a closing time not after the opening time
	CodeOverlappingHours       = code("overlapping_hours")        // two opening periods of one day overlap
	CodeInvalidTimeZone        = code("invalid_time_zone")        // not an IANA time zone such as Europe/Amsterdam
	CodeInvalidPhone           = code("invalid_phone")            // not a phone number calls can be put through to
	CodeTooMany                = code("too_many")                 // more items than allowed (over 50 questions and answers)
	CodeChangeDecided          = code("change_decided")           // 409: the change request was approved or rejected already
	CodeUnknownVersion         = code("unknown_version")          // no such version of the order's settings
)

// Accounts and access.
var (
	CodeInvalidCredentials = code("invalid_credentials") // 401: wrong email or password
	CodeEmailNotVerified   = code("email_not_verified")  // 403: the right password before the email is verified
	CodeInvalidToken       = code("invalid_token")       // an emailed link that is invalid, used or expired
	CodeUnauthenticated    = code("unauthenticated")     // 401: not signed in
	CodeStaffOnly          = code("staff_only")          // 403: signed in, but not staff
	CodeUnauthorized       = code("unauthorized")        // 401: a webhook without the right secret
	CodeCrossOrigin        = code("cross_origin")        // 403: an unsafe request from another site
	CodeCodeRequired       = code("code_required")       // the second step's code is empty
	CodeInvalidCode        = code("invalid_code")        // a wrong sign-in code or recovery code
	CodeCodeUsed           = code("code_used")           // a sign-in code already used: wait for the next one
	CodeWrongPassword      = code("wrong_password")      // the current password given to change it is not right
)

// The request itself.
var (
	CodeNotFound             = code("not_found")              // 404: no such endpoint, or no such thing of yours
	CodeMethodNotAllowed     = code("method_not_allowed")     // 405
	CodeUnsupportedMediaType = code("unsupported_media_type") // 415: the body is not JSON
	CodeBodyTooLarge         = code("body_too_large")         // 413
	CodeEmptyBody            = code("empty_body")
	CodeInvalidJSON          = code("invalid_json")
	CodeInvalidBody          = code("invalid_body")  // the body could not be read
	CodeBodyTimeout          = code("body_timeout")  // 408: the body did not arrive within the server's read timeout
	CodeInvalidField         = code("invalid_field") // a field of the wrong type
	CodeUnknownField         = code("unknown_field")
	CodeInvalidMessage       = code("invalid_message")   // a malformed Vapi server message
	CodeInvalidArguments     = code("invalid_arguments") // a voice tool call's arguments
	CodeInvalidCursor        = code("invalid_cursor")    // a page cursor the server did not hand out
	CodeInvalidLimit         = code("invalid_limit")     // a page size that is not a number from 1 to 100
)

// The server's state.
var (
	CodeRateLimited = code("rate_limited") // 429 with Retry-After
	CodeUnavailable = code("unavailable")  // 503: the database is down
	CodeInternal    = code("internal")     // 500: anything else, never detailed
)
