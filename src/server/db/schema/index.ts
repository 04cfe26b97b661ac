// The whole database schema. drizzle-kit generates the committed SQL migrations from this file.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  jsonb,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Who added, edited and disabled a master record, and when. */
const audit = {
  isDisabled: boolean('is_disabled').notNull().default(false),
  addTime: timestamp('add_time', { withTimezone: true }).notNull().defaultNow(),
  addUserNumber: text('add_user_number'),
  editTime: timestamp('edit_time', { withTimezone: true }),
  editUserNumber: text('edit_user_number'),
  disabledTime: timestamp('disabled_time', { withTimezone: true }),
  disabledUserNumber: text('disabled_user_number'),
};

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    companyNumber: text('company_number').notNull(),
    companyName: text('company_name').notNull(),
    paymentterm: text('paymentterm').notNull().default(''),
    /** 1 factory, 2 sales company (a country). */
    isFactory: integer('is_factory').notNull().default(2),
    currencyNumber: text('currency_number'),
    ...audit,
  },
  (t) => [uniqueIndex('companies_number_uq').on(sql`lower(${t.companyNumber})`)],
);

export const departments = pgTable(
  'departments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    departmentNumber: text('department_number').notNull(),
    departmentName: text('department_name').notNull(),
    parentId: integer('parent_id'),
    departmentPath: text('department_path').notNull().default(''),
    leaderNumber: text('leader_number'),
    ...audit,
  },
  (t) => [
    uniqueIndex('departments_number_uq').on(t.departmentNumber),
    index('departments_company_idx').on(t.companyId),
    index('departments_parent_idx').on(t.parentId),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id').references(() => companies.id),
    departmentId: integer('department_id').references(() => departments.id),
    /** The sign-in account number. */
    number: text('number').notNull(),
    account: text('account').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    language: text('language').notNull().default('en'),
    sex: integer('sex').notNull().default(1),
    address: text('address').notNull().default(''),
    email: text('email').notNull().default(''),
    rank: integer('rank'),
    grade: integer('grade'),
    leaderNumber: text('leader_number'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** Bumped on every save; an edit based on an older version is refused (staleVersion, DESIGN §6). */
    version: integer('version').notNull().default(1),
    ...audit,
  },
  (t) => [
    uniqueIndex('users_number_uq').on(sql`lower(${t.number})`),
    index('users_company_idx').on(t.companyId),
    index('users_department_idx').on(t.departmentId),
  ],
);

/** Opaque session tokens: only the SHA-256 of a token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Signed in with the initial password: the session may only change it (DESIGN §5), enforced by the auth plugin.
    mustChangePassword: boolean('must_change_password').notNull().default(false),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** One-time password reset links (forgot password). */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_token_uq').on(t.tokenHash)],
);

/** Failed sign-in counters per account, kept in the database so every instance shares them. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

export const mailRecords = pgTable(
  'mail_records',
  {
    id: serial('id').primaryKey(),
    addTime: timestamp('add_time', { withTimezone: true }).notNull().defaultNow(),
    addUserNumber: text('add_user_number'),
    addUserName: text('add_user_name'),
    addresSeeName: text('addressee_name').notNull().default(''),
    addresSeeEmail: text('addressee_email').notNull().default(''),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull().default(''),
    /** The outcome: "sent", "recorded" (no SMTP configured) or the transport's error. */
    content: text('content').notNull().default(''),
    formType: integer('form_type'),
    formId: integer('form_id'),
    poNumber: text('po_number'),
    sapT9Number: text('sap_t9_number'),
    /** The HTML body, when the mail has one (report mails); `body` keeps the plain text. */
    html: text('html'),
    /** Outbox state (DESIGN §11): queued (waiting for the sender loop), sent, failed (for good) or recorded (no SMTP). */
    status: text('status').notNull().default('recorded'),
    /** Delivery attempts since the mail was (re)queued. */
    attempts: integer('attempts').notNull().default(0),
    /** The last transport error; null once sent. */
    lastError: text('last_error'),
    /** When a queued mail is next due; null unless queued. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A sender's claim: no other sender takes the mail before this time (null when unclaimed). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The claim's token: only the claimer may settle the attempt. */
    leaseId: text('lease_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** False for a mail whose secret (a reset token) is stored masked: it cannot be sent again. */
    resendable: boolean('resendable').notNull().default(true),
  },
  (t) => [
    index('mail_records_time_idx').on(t.addTime),
    index('mail_records_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
  ],
);

/** Files attached to a recorded mail (report workbooks), base64, so a recorded mail can be shown and sent again. */
export const mailAttachments = pgTable(
  'mail_attachments',
  {
    id: serial('id').primaryKey(),
    mailRecordId: integer('mail_record_id')
      .notNull()
      .references(() => mailRecords.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    contentBase64: text('content_base64').notNull(),
  },
  (t) => [index('mail_attachments_mail_idx').on(t.mailRecordId)],
);

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentMenuId: integer('parent_menu_id'),
    /** Stable key of a seeded entry (route:/Product, btn:Product.add, api:...); null for entries made by users. */
    code: text('code'),
    /** 1 side menu, 2 button, 3 API. */
    type: integer('type').notNull(),
    menuNameZHCN: text('menu_name_zhcn').notNull().default(''),
    menuNameEN: text('menu_name_en').notNull(),
    menuNameZHTW: text('menu_name_zhtw').notNull(),
    icon: text('icon').notNull().default(''),
    routePath: text('route_path').notNull().default(''),
    routeName: text('route_name').notNull().default(''),
    routeComponent: text('route_component').notNull().default(''),
    routeParentName: text('route_parent_name').notNull().default('Home'),
    sort: integer('sort').notNull().default(0),
    noRequiresAuth: boolean('no_requires_auth').notNull().default(false),
    isData: boolean('is_data').notNull().default(false),
    ...audit,
  },
  (t) => [
    index('menus_parent_idx').on(t.parentMenuId),
    uniqueIndex('menus_code_uq').on(t.code),
    index('menus_route_idx').on(sql`lower(${t.routePath})`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    roleName: text('role_name').notNull(),
    ...audit,
  },
  (t) => [uniqueIndex('roles_name_uq').on(sql`lower(${t.roleName})`)],
);

export const roleCompanies = pgTable(
  'role_companies',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.companyId] }), index('role_companies_company_idx').on(t.companyId)],
);

export const roleDepartments = pgTable(
  'role_departments',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.departmentId] }), index('role_departments_dept_idx').on(t.departmentId)],
);

export const roleUsers = pgTable(
  'role_users',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.userId] }), index('role_users_user_idx').on(t.userId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    allData: boolean('all_data').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const currencies = pgTable(
  'currencies',
  {
    id: serial('id').primaryKey(),
    currency: text('currency').notNull(),
    currencyNumber: text('currency_number').notNull(),
    remarks: text('remarks').notNull().default(''),
    ...audit,
  },
  (t) => [
    uniqueIndex('currencies_currency_uq').on(sql`lower(${t.currency})`),
    uniqueIndex('currencies_number_uq').on(sql`lower(${t.currencyNumber})`),
  ],
);

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    category: text('category').notNull(),
    categoryNumber: text('category_number').notNull(),
    ...audit,
  },
  (t) => [
    uniqueIndex('categories_category_uq').on(sql`lower(${t.category})`),
    uniqueIndex('categories_number_uq').on(sql`lower(${t.categoryNumber})`),
  ],
);

export const productMods = pgTable(
  'product_mods',
  {
    id: serial('id').primaryKey(),
    /** Full name, made by the server from type and name. */
    productMod: text('product_mod').notNull(),
    /** Model number. */
    productModNa: text('product_mod_na').notNull(),
    modelType: text('model_type').notNull().default(''),
    modelName: text('model_name').notNull(),
    /** Comma-separated company numbers. */
    remarks: text('remarks').notNull().default(''),
    modelLevel: text('model_level').notNull().default(''),
    dataType: text('data_type').notNull().default(''),
    ogawaModel: boolean('ogawa_model').notNull().default(true),
    ...audit,
  },
  (t) => [
    uniqueIndex('product_mods_name_uq').on(sql`lower(${t.modelName})`),
    uniqueIndex('product_mods_number_uq').on(sql`lower(${t.productModNa})`),
  ],
);

export const productCols = pgTable(
  'product_cols',
  {
    id: serial('id').primaryKey(),
    productCol: text('product_col').notNull(),
    /** Colour number, made by the server. */
    productColNa: text('product_col_na').notNull(),
    ...audit,
  },
  (t) => [
    uniqueIndex('product_cols_col_uq').on(sql`lower(${t.productCol})`),
    uniqueIndex('product_cols_number_uq').on(sql`lower(${t.productColNa})`),
  ],
);

export const vendors = pgTable(
  'vendors',
  {
    id: serial('id').primaryKey(),
    companyType: text('company_type').notNull().default('External'),
    vendorName: text('vendor_name').notNull(),
    vendorNumber: text('vendor_number').notNull(),
    oihVendorNumber: text('oih_vendor_number').notNull().default(''),
    vendorAddress: text('vendor_address').notNull().default(''),
    vendorContact: text('vendor_contact').notNull().default(''),
    vendorContactFinance: text('vendor_contact_finance').notNull().default(''),
    vendorTel: text('vendor_tel').notNull().default(''),
    vendorEmailP: text('vendor_email_p').notNull().default(''),
    emailFin: text('email_fin').notNull().default(''),
    paymentterm: text('paymentterm').notNull().default(''),
    currency: text('currency').notNull().default(''),
    country: text('country').notNull().default(''),
    fullname: text('fullname').notNull().default(''),
    companys: text('companys').notNull().default(''),
    ...audit,
  },
  (t) => [uniqueIndex('vendors_number_uq').on(sql`lower(${t.vendorNumber})`)],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    productType: text('product_type').notNull(),
    productCode: text('product_code').notNull(),
    itemCode: text('item_code').notNull().default(''),
    factoryCode: text('factory_code').notNull().default(''),
    /** Category number. */
    category: text('category').notNull(),
    /** Product model number (productModNa). */
    modelNo: text('model_no').notNull(),
    productName: text('product_name').notNull().default(''),
    /** Colour number (productColNa). */
    productColour: text('product_colour').notNull(),
    /** Currency number. */
    currency: text('currency').notNull().default(''),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    uom: text('uom').notNull().default(''),
    /** Company numbers that sell the product; the country scope of the product. */
    companys: text('companys').array().notNull().default(sql`'{}'::text[]`),
    ...audit,
  },
  (t) => [
    uniqueIndex('products_code_uq').on(sql`lower(${t.productCode})`),
    index('products_companys_idx').using('gin', t.companys),
    index('products_list_idx').on(t.isDisabled, t.id),
    index('products_category_idx').on(t.category),
    index('products_model_idx').on(t.modelNo),
    // Needs pg_trgm (migration 0001): the product-code filter is a case-insensitive "contains", written
    // lower(product_code) like lower('%…%') so that this trigram index of the normalised code serves it.
    index('products_code_lower_trgm_idx').using('gin', sql`lower(${t.productCode}) gin_trgm_ops`),
  ],
);

// ---- Sales entry (spec part 1 §2–§3, DESIGN §6–§7). Amounts are numeric(14,2) in the company's local currency;
// quantities are integers; every sum is computed by the server. `version` is bumped on every save (staleVersion).

/** Sales entry audit: who added, edited and disabled a record, and its version. */
const salesAudit = {
  ...audit,
  version: integer('version').notNull().default(1),
};

/** Weekly sales: one per country and year-month (DESIGN §7); its entries are the month's Sundays. */
export const weekSales = pgTable(
  'week_sales',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    yearS: integer('year_s').notNull(),
    monthS: integer('month_s').notNull(),
    /** YYYY-MM */
    datePeriod: text('date_period').notNull(),
    weekAmount: numeric('week_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** 0 draft, 1 released. */
    releaseStatus: integer('release_status').notNull().default(0),
    ...salesAudit,
  },
  (t) => [uniqueIndex('week_sales_period_uq').on(t.companyId, t.datePeriod), index('week_sales_year_month_idx').on(t.yearS, t.monthS)],
);

/** One amount per Sunday of the month. */
export const weekSalesDays = pgTable(
  'week_sales_days',
  {
    id: serial('id').primaryKey(),
    weekSalesId: integer('week_sales_id')
      .notNull()
      .references(() => weekSales.id, { onDelete: 'cascade' }),
    salesDataDate: text('sales_data_date').notNull(),
    uploadAmount: numeric('upload_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('week_sales_days_uq').on(t.weekSalesId, t.salesDataDate)],
);

/** Period sales data: one per DatePeriod and country, rule 1 (quantity per model per day) or rule 2 (amounts per day). */
export const salesData = pgTable(
  'sales_data',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** YYYY-MM */
    datePeriod: text('date_period').notNull(),
    yearS: integer('year_s').notNull(),
    monthS: integer('month_s').notNull(),
    /** 1 quantity, 2 amount. */
    rules: integer('rules').notNull(),
    sumQuantity: integer('sum_quantity').notNull().default(0),
    sumAmount: numeric('sum_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    ...salesAudit,
  },
  (t) => [uniqueIndex('sales_data_period_uq').on(t.companyId, t.datePeriod), index('sales_data_year_month_idx').on(t.yearS, t.monthS)],
);

/** A row of a period record: a product model (rule 1) or the one amount row (rule 2, no model). */
export const salesDataDetails = pgTable(
  'sales_data_details',
  {
    id: serial('id').primaryKey(),
    salesDataId: integer('sales_data_id')
      .notNull()
      .references(() => salesData.id, { onDelete: 'cascade' }),
    productModId: integer('product_mod_id').references(() => productMods.id),
    ...audit,
  },
  (t) => [index('sales_data_details_parent_idx').on(t.salesDataId)],
);

/** A day of a row: quantity and its amount (rule 1), or corporate/online and offline/retail amounts (rule 2). */
export const salesDataDays = pgTable(
  'sales_data_days',
  {
    id: serial('id').primaryKey(),
    salesDataDetailId: integer('sales_data_detail_id')
      .notNull()
      .references(() => salesDataDetails.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD */
    salesDataDate: text('sales_data_date').notNull(),
    uploadQuantity: integer('upload_quantity').notNull().default(0),
    uploadAmount: numeric('upload_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    onlineAmount: numeric('online_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    retailAmount: numeric('retail_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
  },
  (t) => [uniqueIndex('sales_data_days_uq').on(t.salesDataDetailId, t.salesDataDate)],
);

/** Sales targets: one per year, month, rule and country (hasTarget). Draft (0) until released (1). */
export const salesTargets = pgTable(
  'sales_targets',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    /** 1 quantity, 2 amount. */
    rule: integer('rule').notNull(),
    oihTargetAmount: numeric('oih_target_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    oihCorporateAmount: numeric('oih_corporate_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    brandCollaboration: numeric('brand_collaboration', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    webSales: numeric('web_sales', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    headOffice: numeric('head_office', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    /** 0 draft, 1 released (2 in approval, for the workflow issue). */
    dataStatus: integer('data_status').notNull().default(0),
    recordStatus: integer('record_status').notNull().default(1),
    ...salesAudit,
  },
  (t) => [uniqueIndex('sales_targets_period_uq').on(t.companyId, t.year, t.month, t.rule), index('sales_targets_year_month_idx').on(t.year, t.month)],
);

/** A target row: a product and its quantity (rule 1) or a day with corporate and offline amounts (rule 2). */
export const salesTargetDetails = pgTable(
  'sales_target_details',
  {
    id: serial('id').primaryKey(),
    salesTargetId: integer('sales_target_id')
      .notNull()
      .references(() => salesTargets.id, { onDelete: 'cascade' }),
    /** Two-digit day of the month (rule 2). */
    date: text('date').notNull().default(''),
    productId: integer('product_id').references(() => products.id),
    targetQuantity: integer('target_quantity').notNull().default(0),
    targetAmount: numeric('target_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    corporatAmount: numeric('corporat_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    offlineAmount: numeric('offline_amount', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    ...audit,
  },
  (t) => [index('sales_target_details_parent_idx').on(t.salesTargetId)],
);

/**
 * Idempotency keys (DESIGN §6): a write that carries `Idempotency-Key` is applied once per user and key; its reply is
 * kept 7 days and served again for the same body. `state` 0 while the first request runs, 1 once its reply is stored.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id').notNull(),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    bodyHash: text('body_hash').notNull(),
    state: integer('state').notNull().default(0),
    replyStatus: integer('reply_status'),
    replyBody: text('reply_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Monthly exchange rates (DESIGN §7): local units per 1 RMB for a company's currency in a year-month; one per
 * year-month, company and currency pair (dataDuplication). Consolidated reports divide local amounts by it.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: serial('id').primaryKey(),
    /** YYYY-MM */
    yearMonth: text('year_month').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    oriCurrency: text('ori_currency').notNull().default('RMB'),
    locCurrency: text('loc_currency').notNull(),
    exchangerate: numeric('exchangerate', { precision: 18, scale: 6, mode: 'number' }).notNull(),
    ...salesAudit,
  },
  (t) => [
    uniqueIndex('exchange_rates_key_uq').on(t.yearMonth, t.companyId, sql`upper(${t.oriCurrency})`, sql`upper(${t.locCurrency})`),
    index('exchange_rates_month_idx').on(t.yearMonth),
  ],
);

/**
 * Approval templates (spec part 3 §2.1–2.2; DESIGN §10): a form type, a name, who it applies to (comma lists of
 * company numbers, department numbers and user numbers; all empty = everyone) and a sort order. Its flow is versioned
 * in workflow_flows.
 */
export const workflowTemplates = pgTable(
  'workflow_templates',
  {
    id: serial('id').primaryKey(),
    formType: integer('form_type').notNull(),
    templateName: text('template_name').notNull(),
    companys: text('companys').notNull().default(''),
    departments: text('departments').notNull().default(''),
    users: text('users').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...salesAudit,
  },
  (t) => [uniqueIndex('workflow_templates_name_uq').on(sql`lower(${t.templateName})`), index('workflow_templates_type_idx').on(t.formType, t.sort)],
);

/**
 * A saved version of a template's flow (setflow): the designer's nodes and where rules as validated. A running
 * instance keeps the version it started with; the newest version is the template's flow.
 */
export const workflowFlows = pgTable(
  'workflow_flows',
  {
    id: serial('id').primaryKey(),
    templateId: integer('template_id')
      .notNull()
      .references(() => workflowTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** { workFlowList: FlowNode[], whereList: WhereRule[] } (contracts/workflow.ts). */
    flow: jsonb('flow').notNull(),
    addTime: timestamp('add_time', { withTimezone: true }).notNull().defaultNow(),
    addUserNumber: text('add_user_number'),
  },
  (t) => [uniqueIndex('workflow_flows_version_uq').on(t.templateId, t.version)],
);

/**
 * One approval per form (form type + form id): the flow version it runs, the path resolved at submit (steps with
 * their approvers and CC recipients), where it stands, and its applicant. Operations lock this row.
 */
export const workflowInstances = pgTable(
  'workflow_instances',
  {
    id: serial('id').primaryKey(),
    formType: integer('form_type').notNull(),
    formId: integer('form_id').notNull(),
    templateId: integer('template_id'),
    flowId: integer('flow_id').references(() => workflowFlows.id),
    applicantNumber: text('applicant_number').notNull(),
    /** 0 draft/returned to the applicant, 1 in approval, 2 approved, -1 recalled. */
    status: integer('status').notNull().default(0),
    /** The order number of the step that must act now (1 = the applicant's submit). */
    currentOrder: integer('current_order').notNull().default(1),
    /** The resolved path: ResolvedStep[] (domain/workflow-path.ts). */
    steps: jsonb('steps').notNull(),
    version: integer('version').notNull().default(1),
    addTime: timestamp('add_time', { withTimezone: true }).notNull().defaultNow(),
    editTime: timestamp('edit_time', { withTimezone: true }),
  },
  (t) => [uniqueIndex('workflow_instances_form_uq').on(t.formType, t.formId)],
);

/** Every operation on an instance: who, which step, what (operates), the content and the transfer/CC/return details. */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    id: serial('id').primaryKey(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => workflowInstances.id, { onDelete: 'cascade' }),
    orderNo: integer('order_no').notNull(),
    userNumber: text('user_number').notNull(),
    userName: text('user_name').notNull(),
    /** '1', '2', '3', '3_1', '4', '5', '-1', '-2' */
    operates: text('operates').notNull(),
    checkContent: text('check_content').notNull().default(''),
    transmitInfo: text('transmit_info').notNull().default(''),
    ccInfo: text('cc_info').notNull().default(''),
    returnInfo: text('return_info').notNull().default(''),
    checkTime: timestamp('check_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_history_instance_idx').on(t.instanceId, t.id)],
);
export * from './tasks';
