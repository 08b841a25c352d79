/**
 * Message keys, the original API's and the house's. The server answers with these keys; the web
 * translates the keys it knows and shows any other text as it is.
 */
export const MessageKeys = {
  field_is_required: 'field_is_required',
  field_at_least_3_symbols: 'field_at_least_3_symbols',
  min_password: 'min_password',
  email_valid: 'email_valid',
  invalid_date: 'invalid_date',
  invalid_time: 'invalid_time',
  min_date: 'min_date',
  select_range: 'select_range',
  invalid_value: 'invalid_value',
  no_table_results: 'no_table_results',
  invoice_no_added_items: 'invoice_no_added_items',
  the_client_was_not_found: 'the_client_was_not_found',
  the_invoice_was_not_found: 'the_invoice_was_not_found',
  the_proforma_invoice_was_not_found: 'the_proforma_invoice_was_not_found',
  the_contract_was_not_found: 'the_contract_was_not_found',
  please_select_customer: 'please_select_customer',
  bulstat_already_exists: 'bulstat_already_exists',
  are_your_sure_delete_office: 'are_your_sure_delete_office',
  are_your_sure_delete_document_flow: 'are_your_sure_delete_document_flow',
  are_your_sure_delete_bank: 'are_your_sure_delete_bank',
  are_your_sure_delete_user_education: 'are_your_sure_delete_user_education',
  are_your_sure_delete_user_experience: 'are_your_sure_delete_user_experience',
  are_your_sure_delete_user_document: 'are_your_sure_delete_user_document',
  accept_event_invitation_title: 'accept_event_invitation_title',
  are_your_sure_accept_event_invitation: 'are_your_sure_accept_event_invitation',
  refuse_event_invitation_title: 'refuse_event_invitation_title',
  are_your_sure_refuse_event_invitation: 'are_your_sure_refuse_event_invitation',
  // House keys (the original API has no text for these).
  invalid_credentials: 'invalid_credentials',
  too_many_attempts: 'too_many_attempts',
  session_expired: 'session_expired',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  not_found: 'not_found',
  conflict: 'conflict',
  payload_too_large: 'payload_too_large',
  malformed_request: 'malformed_request',
  unsupported_media_type: 'unsupported_media_type',
  request_too_large: 'request_too_large',
  request_timeout: 'request_timeout',
  service_unavailable: 'service_unavailable',
  generic_error: 'generic_error',
  saved_successfully: 'saved_successfully',
  deleted_successfully: 'deleted_successfully',
  signed_out: 'signed_out',
  locale_saved: 'locale_saved',
  no_permitted_actions: 'no_permitted_actions',
  // Settings, users and documents (house keys).
  iban_invalid: 'iban_invalid',
  bic_invalid: 'bic_invalid',
  email_already_exists: 'email_already_exists',
  code_already_exists: 'code_already_exists',
  register_number_below_issued: 'register_number_below_issued',
  cannot_demote_last_admin: 'cannot_demote_last_admin',
  cannot_change_own_access: 'cannot_change_own_access',
  employee_cannot_have_client_access: 'employee_cannot_have_client_access',
  category_cycle: 'category_cycle',
  currency_rate_fixed: 'currency_rate_fixed',
  /** A VAT type's category disagrees with its rate (S needs a rate above zero, every other category 0 %). */
  vat_category_rate_mismatch: 'vat_category_rate_mismatch',
  default_bank_exists: 'default_bank_exists',
  default_bank_currency_mismatch: 'default_bank_currency_mismatch',
  default_bank_inactive: 'default_bank_inactive',
  signer_not_in_signers: 'signer_not_in_signers',
  end_date_before_start_date: 'end_date_before_start_date',
  my_company_not_saved: 'my_company_not_saved',
  // Clients (house keys): warnings about identifiers, answered with a successful save.
  bulstat_checksum: 'bulstat_checksum',
  vat_number_format: 'vat_number_format',
  // Calendar (house key).
  invitation_already_answered: 'invitation_already_answered',
  // Document flow (house keys).
  document_flow_locked: 'document_flow_locked',
  document_flow_not_own: 'document_flow_not_own',
  document_flow_file_exists: 'document_flow_file_exists',
  document_flow_not_previewable: 'document_flow_not_previewable',
  document_flow_zip_too_many_files: 'document_flow_zip_too_many_files',
  document_flow_zip_too_large: 'document_flow_zip_too_large',
  // Contracts (the original API's keys, then house keys).
  please_fill_all_required_fields: 'please_fill_all_required_fields',
  please_select_side2_contract: 'please_select_side2_contract',
  please_enter_services_contract: 'please_enter_services_contract',
  contract_not_draft: 'contract_not_draft',
  contract_not_registered: 'contract_not_registered',
  contract_is_draft: 'contract_is_draft',
  contract_canceled: 'contract_canceled',
  contract_service_exists: 'contract_service_exists',
  no_provider_bank_in_currency: 'no_provider_bank_in_currency',
  contract_only_banks_change: 'contract_only_banks_change',
  // Billing (the original API's keys, then house keys).
  please_add_invoice_items: 'please_add_invoice_items',
  please_add_proforma_invoice_items: 'please_add_proforma_invoice_items',
  document_issued: 'document_issued',
  document_not_issued: 'document_not_issued',
  /** An e-invoice states its currency by ISO code: a document in a currency without one cannot be exported. */
  einvoice_currency_without_code: 'einvoice_currency_without_code',
  payment_deadline_before_date: 'payment_deadline_before_date',
  credit_notice_exceeds_invoice: 'credit_notice_exceeds_invoice',
  notice_customer_mismatch: 'notice_customer_mismatch',
  proforma_already_transformed: 'proforma_already_transformed',
  proforma_items_transformed: 'proforma_items_transformed',
  contract_periods_invoiced: 'contract_periods_invoiced',
  too_many_items: 'too_many_items',
  amount_too_large: 'amount_too_large',
  notice_currency_of_original: 'notice_currency_of_original',
  // A hand-made invoice's chosen contract period (house keys).
  invalid_contract_period: 'invalid_contract_period',
  contract_period_billed: 'contract_period_billed',
  // Removing and duplicating drafts, a notice's rows from its original (house keys).
  document_numbered: 'document_numbered',
  document_referenced: 'document_referenced',
  notice_original_required: 'notice_original_required',
  document_has_items: 'document_has_items',
  are_your_sure_delete_draft: 'are_your_sure_delete_draft',
  // Payments (the original API's keys, then house keys).
  entered_amount_should_be_bigger_than_zero: 'entered_amount_should_be_bigger_than_zero',
  entered_amount_is_bigger_than_wanted_amount: 'entered_amount_is_bigger_than_wanted_amount',
  entered_amount_should_be_below_zero: 'entered_amount_should_be_below_zero',
  document_has_payments: 'document_has_payments',
  payment_date_before_document_date: 'payment_date_before_document_date',
  are_your_sure_delete_payment: 'are_your_sure_delete_payment',
  // Documents by e-mail (house keys).
  mail_queued: 'mail_queued',
  mail_held: 'mail_held',
  mail_too_many_recipients: 'mail_too_many_recipients',
  /** sendManyByMail: the document's client has no notification e-mails. */
  mail_no_recipients: 'mail_no_recipients',
  // Payment reminders (house keys).
  /** "Send a reminder now" on an invoice that is paid, fully credited, not issued or not past its deadline. */
  reminder_not_overdue: 'reminder_not_overdue',
  reminder_stage_days_invalid: 'reminder_stage_days_invalid',
  reminder_stage_days_ascending: 'reminder_stage_days_ascending',
  // Statement of account (house keys).
  /** The period's end is before its start. */
  statement_period_invalid: 'statement_period_invalid',
  /** The period is longer than STATEMENT_MAX_DAYS. */
  statement_period_too_long: 'statement_period_too_long',
  // Timesheets (the original API's key, then house keys).
  to_do_export_please_first_select_filters: 'to_do_export_please_first_select_filters',
  date_in_future: 'date_in_future',
  timesheet_duration_range: 'timesheet_duration_range',
  timesheet_contract_not_active: 'timesheet_contract_not_active',
  timesheet_service_not_in_contract: 'timesheet_service_not_in_contract',
  timesheet_locked: 'timesheet_locked',
  timesheets_print_too_many_rows: 'timesheets_print_too_many_rows',
  timesheet_date_outside_contract: 'timesheet_date_outside_contract',
  timesheet_period_invoiced: 'timesheet_period_invoiced',
  // Outgoing mail (house keys).
  the_mail_was_not_found: 'the_mail_was_not_found',
  mail_smtp_not_configured: 'mail_smtp_not_configured',
  mail_not_retryable: 'mail_not_retryable',
  // Account security (house keys).
  reset_link_invalid: 'reset_link_invalid',
  the_session_was_not_found: 'the_session_was_not_found',
  // Two-factor sign-in (house keys).
  /** A wrong, expired or already used code (authenticator or recovery code). */
  mfa_code_invalid: 'mfa_code_invalid',
  /** Setting up a second factor while one is on (turn it off first). */
  mfa_already_enabled: 'mfa_already_enabled',
  /** Confirming a second factor whose setup was not started. */
  mfa_setup_not_started: 'mfa_setup_not_started',
  /** Turning off a second factor that is not on. */
  mfa_not_enabled: 'mfa_not_enabled',
  /** Turning off a second factor the administrator requires. */
  mfa_required: 'mfa_required',
} as const;
export type MessageKey = keyof typeof MessageKeys;
