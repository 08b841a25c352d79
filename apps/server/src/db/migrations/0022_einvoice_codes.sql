ALTER TABLE "vat_types" ADD COLUMN "category" text DEFAULT 'S' NOT NULL;--> statement-breakpoint
ALTER TABLE "vat_types" ADD COLUMN "exemption_code" text;--> statement-breakpoint
ALTER TABLE "offices" ADD COLUMN "country_code" text;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "vat_category" text;--> statement-breakpoint
ALTER TABLE "billing_documents" ADD COLUMN "vat_exemption_code" text;--> statement-breakpoint
ALTER TABLE "vat_types" ADD CONSTRAINT "vat_types_category_ck" CHECK ("vat_types"."category" in ('S', 'Z', 'E', 'AE', 'K', 'G', 'O'));--> statement-breakpoint
-- The country codes the e-invoice needs, filled from the country's name (Bulgarian, Italian or English), else from
-- the VAT number's prefix; the own company falls back to Bulgaria. Forms edit them from now on.
CREATE TEMPORARY TABLE "einvoice_country_names" ("name" text PRIMARY KEY, "code" text NOT NULL);--> statement-breakpoint
INSERT INTO "einvoice_country_names" VALUES
    ('австрия', 'AT'),
    ('белгия', 'BE'),
    ('българия', 'BG'),
    ('кипър', 'CY'),
    ('чехия', 'CZ'),
    ('германия', 'DE'),
    ('дания', 'DK'),
    ('естония', 'EE'),
    ('испания', 'ES'),
    ('финландия', 'FI'),
    ('франция', 'FR'),
    ('гърция', 'GR'),
    ('хърватия', 'HR'),
    ('унгария', 'HU'),
    ('ирландия', 'IE'),
    ('италия', 'IT'),
    ('литва', 'LT'),
    ('люксембург', 'LU'),
    ('латвия', 'LV'),
    ('малта', 'MT'),
    ('нидерландия', 'NL'),
    ('полша', 'PL'),
    ('португалия', 'PT'),
    ('румъния', 'RO'),
    ('швеция', 'SE'),
    ('словения', 'SI'),
    ('словакия', 'SK'),
    ('швейцария', 'CH'),
    ('обединеното кралство', 'GB'),
    ('норвегия', 'NO'),
    ('исландия', 'IS'),
    ('лихтенщайн', 'LI'),
    ('монако', 'MC'),
    ('сан марино', 'SM'),
    ('андора', 'AD'),
    ('албания', 'AL'),
    ('черна гора', 'ME'),
    ('босна и херцеговина', 'BA'),
    ('сърбия', 'RS'),
    ('северна македония', 'MK'),
    ('молдова', 'MD'),
    ('украйна', 'UA'),
    ('русия', 'RU'),
    ('турция', 'TR'),
    ('съединени щати', 'US'),
    ('канада', 'CA'),
    ('китай', 'CN'),
    ('япония', 'JP'),
    ('израел', 'IL'),
    ('обединени арабски емирства', 'AE'),
    ('austria', 'AT'),
    ('belgio', 'BE'),
    ('bulgaria', 'BG'),
    ('cipro', 'CY'),
    ('cechia', 'CZ'),
    ('germania', 'DE'),
    ('danimarca', 'DK'),
    ('estonia', 'EE'),
    ('spagna', 'ES'),
    ('finlandia', 'FI'),
    ('francia', 'FR'),
    ('grecia', 'GR'),
    ('croazia', 'HR'),
    ('ungheria', 'HU'),
    ('irlanda', 'IE'),
    ('italia', 'IT'),
    ('lituania', 'LT'),
    ('lussemburgo', 'LU'),
    ('lettonia', 'LV'),
    ('malta', 'MT'),
    ('paesi bassi', 'NL'),
    ('polonia', 'PL'),
    ('portogallo', 'PT'),
    ('romania', 'RO'),
    ('svezia', 'SE'),
    ('slovenia', 'SI'),
    ('slovacchia', 'SK'),
    ('svizzera', 'CH'),
    ('regno unito', 'GB'),
    ('norvegia', 'NO'),
    ('islanda', 'IS'),
    ('liechtenstein', 'LI'),
    ('monaco', 'MC'),
    ('san marino', 'SM'),
    ('andorra', 'AD'),
    ('albania', 'AL'),
    ('montenegro', 'ME'),
    ('bosnia ed erzegovina', 'BA'),
    ('serbia', 'RS'),
    ('macedonia del nord', 'MK'),
    ('moldavia', 'MD'),
    ('ucraina', 'UA'),
    ('russia', 'RU'),
    ('turchia', 'TR'),
    ('stati uniti', 'US'),
    ('canada', 'CA'),
    ('cina', 'CN'),
    ('giappone', 'JP'),
    ('israele', 'IL'),
    ('emirati arabi uniti', 'AE'),
    ('belgium', 'BE'),
    ('cyprus', 'CY'),
    ('czechia', 'CZ'),
    ('germany', 'DE'),
    ('denmark', 'DK'),
    ('spain', 'ES'),
    ('finland', 'FI'),
    ('france', 'FR'),
    ('greece', 'GR'),
    ('croatia', 'HR'),
    ('hungary', 'HU'),
    ('ireland', 'IE'),
    ('italy', 'IT'),
    ('lithuania', 'LT'),
    ('luxembourg', 'LU'),
    ('latvia', 'LV'),
    ('netherlands', 'NL'),
    ('poland', 'PL'),
    ('portugal', 'PT'),
    ('sweden', 'SE'),
    ('slovakia', 'SK'),
    ('switzerland', 'CH'),
    ('united kingdom', 'GB'),
    ('norway', 'NO'),
    ('iceland', 'IS'),
    ('bosnia & herzegovina', 'BA'),
    ('north macedonia', 'MK'),
    ('moldova', 'MD'),
    ('ukraine', 'UA'),
    ('türkiye', 'TR'),
    ('united states', 'US'),
    ('china', 'CN'),
    ('japan', 'JP'),
    ('israel', 'IL'),
    ('united arab emirates', 'AE');--> statement-breakpoint
UPDATE "offices" o SET "country_code" = n."code"
  FROM "einvoice_country_names" n
  WHERE n."name" IN (lower(trim(o."country"->>'bg')), lower(trim(o."country"->>'it')));--> statement-breakpoint
UPDATE "offices" o SET "country_code" = CASE upper(left(replace(c."vat_number", ' ', ''), 2))
    WHEN 'EL' THEN 'GR' WHEN 'XI' THEN 'GB' ELSE upper(left(replace(c."vat_number", ' ', ''), 2)) END
  FROM "companies" c
  WHERE o."company_id" = c."id" AND o."country_code" IS NULL
    AND upper(left(replace(c."vat_number", ' ', ''), 2)) IN ('AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES',
      'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI');--> statement-breakpoint
UPDATE "my_company" m SET "address" = m."address" || jsonb_build_object('countryCode', coalesce(
    (SELECT n."code" FROM "einvoice_country_names" n
      WHERE n."name" IN (lower(trim(m."address"->'country'->>'bg')), lower(trim(m."address"->'country'->>'it'))) LIMIT 1),
    CASE WHEN upper(left(replace(m."vat_number", ' ', ''), 2)) IN ('AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES',
      'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK')
      THEN upper(left(replace(m."vat_number", ' ', ''), 2)) END,
    'BG'))
  WHERE m."address"->>'countryCode' IS NULL;--> statement-breakpoint
DROP TABLE "einvoice_country_names";--> statement-breakpoint
-- VAT types: a rate is standard (S); a 0 % type's category follows the grounds its reason cites (the reference list's
-- articles of the Bulgarian VAT Act), else exempt (E).
UPDATE "vat_types" SET "category" = 'S' WHERE "percentage" > 0;--> statement-breakpoint
UPDATE "vat_types" v SET ("category", "exemption_code") = (
    SELECT CASE
      WHEN t ~* '(обратно начисляване|inversione contabile|reverse charge)' THEN 'AE'
      WHEN t ~* '(чл\. 53|вътреобщностна|intracomunitari)' THEN 'K'
      WHEN t ~* '(чл\. 28|износ|esportazion)' THEN 'G'
      WHEN t ~* '(чл\. 21, ал\. 2|извън страната|fuori dal territorio|чл\. 113, ал\. 9|non registrato)' THEN 'O'
      ELSE 'E' END,
    CASE
      WHEN t ~* '(обратно начисляване|inversione contabile|reverse charge)' THEN 'VATEX-EU-AE'
      WHEN t ~* '(чл\. 53|вътреобщностна|intracomunitari)' THEN 'VATEX-EU-IC'
      WHEN t ~* '(чл\. 28|износ|esportazion)' THEN 'VATEX-EU-G'
      WHEN t ~* '(чл\. 21, ал\. 2|извън страната|fuori dal territorio|чл\. 113, ал\. 9|non registrato)' THEN 'VATEX-EU-O'
      WHEN t ~* '(чл\. 46|финансова|finanziari)' THEN 'VATEX-EU-135-1'
      END
    FROM (SELECT concat_ws(' ', v."name"->>'bg', v."name"->>'it', v."exemption_reason"->>'bg', v."exemption_reason"->>'it') AS t) s)
  WHERE v."percentage" = 0;--> statement-breakpoint
-- Documents keep their VAT type's category as it is now (documentVatSnapshot).
UPDATE "billing_documents" d SET
    "vat_category" = CASE WHEN d."vat_charging" THEN CASE WHEN d."vat_percentage" > 0 THEN 'S' ELSE 'Z' END
      WHEN v."category" = 'S' THEN 'E' ELSE v."category" END,
    "vat_exemption_code" = CASE WHEN d."vat_charging" OR v."category" IN ('S', 'Z') THEN NULL
      ELSE coalesce(v."exemption_code", CASE v."category" WHEN 'AE' THEN 'VATEX-EU-AE' WHEN 'K' THEN 'VATEX-EU-IC'
        WHEN 'G' THEN 'VATEX-EU-G' WHEN 'O' THEN 'VATEX-EU-O' END) END
  FROM "vat_types" v
  WHERE d."vat_type_id" = v."id";
