// Demo master data (SEED_DEMO): categories, product models, colours, vendors and about 60 products spread over the
// sales companies. Idempotent: every row is inserted only when its natural key is missing.
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, productCols, productMods, products, vendors } from '../schema/index';

const CATEGORIES = [
  ['Massage Chairs', 'MC'],
  ['Foot Massagers', 'FM'],
  ['Handheld Massagers', 'HM'],
  ['Accessories', 'AC'],
  ['Spare Parts', 'SP'],
  ['Gifts and Promotions', 'GP'],
] as const;

/** [modelNumber, modelType, modelName, level, dataType, companies] */
const MODELS = [
  ['OG-7598', 'CHAIR', 'Master Drive', 'High', 'CHAIR', 'OIH,HK,TW,SG,MY,AU'],
  ['OG-7808', 'CHAIR', 'Maestro Prime', 'High', 'CHAIR', 'OIH,HK,TW,SG'],
  ['OG-5568', 'CHAIR', 'Smart Jazz', 'Mid', 'CHAIR', 'OIH,TW,SG,MY'],
  ['OG-5628', 'CHAIR', 'Smart Vogue', 'Mid', 'CHAIR', 'HK,SG,MY,AU'],
  ['OG-3208', 'CHAIR', 'Active Lite', 'Low', 'CHAIR', 'OIH,TW,MY,AU'],
  ['OG-2208', 'CHAIR', 'Sofa Galaxy', 'Sofa', 'CHAIR', 'HK,TW,SG'],
  ['OG-2508', 'CHAIR', 'Touch Sofa', 'Sofa', 'CHAIR', 'SG,MY,AU'],
  ['OF-1808', 'FOOT', 'Reflex 4D', 'High', 'FOOT', 'OIH,HK,TW,SG,MY,AU'],
  ['OF-1208', 'FOOT', 'Fit Foot', 'Mid', 'FOOT', 'TW,SG,MY'],
  ['OF-1008', 'FOOT', 'Easy Leg', 'Low', 'FOOT', 'HK,AU'],
  ['OH-0528', 'OTHES', 'Little Kneader', 'Mid', 'OTHES', 'OIH,HK,TW,SG,MY,AU'],
  ['OH-0308', 'OTHES', 'Cosyneck', 'Low', 'OTHES', 'TW,SG,AU'],
] as const;

const COLOURS = ['Black', 'Brown', 'Cream', 'Grey', 'Red', 'Champagne Gold', 'Ocean Blue', 'Ivory White'];

const VENDORS = [
  {
    vendorNumber: 'V1001',
    companyType: 'Group',
    vendorName: 'OGAWA Shenzhen Manufacturing',
    fullname: 'OGAWA Health Care (Shenzhen) Manufacturing Co., Ltd.',
    vendorAddress: '88 Gaoxin Road, Nanshan, Shenzhen',
    vendorContact: 'Li Wei',
    vendorContactFinance: 'Zhang Min',
    vendorTel: '+86 755 8888 1001',
    vendorEmailP: 'purchasing@ogawa-sz.example.com',
    emailFin: 'finance@ogawa-sz.example.com',
    paymentterm: 'T/T 30 days',
    currency: 'RMB',
    country: 'China',
    companys: 'OIH,HK,TW,SG,MY,AU',
  },
  {
    vendorNumber: 'V2001',
    companyType: 'External',
    vendorName: 'Pacific Motor Parts',
    fullname: 'Pacific Motor Parts Pte. Ltd.',
    vendorAddress: '12 Kallang Avenue, Singapore',
    vendorContact: 'Daniel Lim',
    vendorContactFinance: 'Grace Ong',
    vendorTel: '+65 6123 4567',
    vendorEmailP: 'sales@pacificmotor.example.com',
    emailFin: 'ar@pacificmotor.example.com',
    paymentterm: 'T/T 45 days',
    currency: 'USD',
    country: 'Singapore',
    companys: 'SG,MY',
  },
  {
    vendorNumber: 'V2002',
    companyType: 'External',
    vendorName: 'Southern Cross Packaging',
    fullname: 'Southern Cross Packaging Pty Ltd',
    vendorAddress: '40 Dunning Avenue, Sydney NSW',
    vendorContact: 'Emma Wilson',
    vendorContactFinance: 'Jack Taylor',
    vendorTel: '+61 2 9000 1234',
    vendorEmailP: 'orders@scpack.example.com',
    emailFin: 'accounts@scpack.example.com',
    paymentterm: 'T/T 30 days',
    currency: 'AUD',
    country: 'Australia',
    companys: 'AU',
  },
  {
    vendorNumber: 'V2003',
    companyType: 'External',
    vendorName: 'Formosa Leather Works',
    fullname: 'Formosa Leather Works Co., Ltd.',
    vendorAddress: '5 Zhongshan Road, Taichung',
    vendorContact: 'Chen Yu-ting',
    vendorContactFinance: 'Wang Li-hua',
    vendorTel: '+886 4 2222 3333',
    vendorEmailP: 'sales@formosaleather.example.com',
    emailFin: 'finance@formosaleather.example.com',
    paymentterm: 'T/T 60 days',
    currency: 'USD',
    country: 'Taiwan',
    companys: 'TW',
  },
] as const;

const CURRENCY_OF: Record<string, string> = { OIH: 'RMB', HK: 'HKD', TW: 'TWD', SG: 'SGD', MY: 'MYR', AU: 'AUD' };
/** Rough local price of 1 RMB, to make local list prices look plausible. */
const RATE: Record<string, number> = { RMB: 1, HKD: 1.08, TWD: 4.4, SGD: 0.19, MYR: 0.65, AUD: 0.21 };

/** Deterministic pseudo-random numbers, so every demo database looks the same. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

export async function seedMasterDemo(db: Db) {
  const who = { addUserNumber: 'system' };
  await db
    .insert(categories)
    .values(CATEGORIES.map(([category, categoryNumber]) => ({ category, categoryNumber, ...who })))
    .onConflictDoNothing();
  await db
    .insert(productMods)
    .values(
      MODELS.map(([productModNa, modelType, modelName, modelLevel, dataType, remarks]) => ({
        productModNa,
        modelType,
        modelName,
        productMod: `${modelType} ${modelName}`,
        modelLevel,
        dataType,
        remarks,
        ogawaModel: true,
        ...who,
      })),
    )
    .onConflictDoNothing();
  for (const productCol of COLOURS) {
    // Colour numbers follow the server's rule (C + id); taken one by one so the number matches the row id.
    const existing = await db.select({ id: productCols.id, name: productCols.productCol }).from(productCols);
    if (existing.some((c) => c.name.toLowerCase() === productCol.toLowerCase())) continue;
    const next = Math.max(0, ...existing.map((c) => c.id)) + 1;
    await db
      .insert(productCols)
      .values({ id: next, productCol, productColNa: `C${String(next).padStart(4, '0')}`, ...who })
      .onConflictDoNothing();
  }
  await db.execute(
    // Explicit ids above: move the sequence past them so the server's next colour gets a fresh id.
    sql`select setval(pg_get_serial_sequence('product_cols', 'id'), greatest((select max(id) from product_cols), 1))`,
  );
  await db.insert(vendors).values(VENDORS.map((v) => ({ ...v, ...who }))).onConflictDoNothing();

  const colourRows = await db.select({ number: productCols.productColNa }).from(productCols);
  const colourNumbers = colourRows.map((c) => c.number).sort();
  const random = rng(20240601);
  const rows: Array<typeof products.$inferInsert> = [];
  const basePrice = [21800, 16800, 12800, 11800, 7800, 9800, 8800, 3980, 2680, 1680, 980, 580];
  MODELS.forEach(([modelNo, , modelName, , dataType, remarks], mi) => {
    const sellers = remarks.split(',');
    const category = dataType === 'CHAIR' ? 'MC' : dataType === 'FOOT' ? 'FM' : 'HM';
    // Finished goods in two colours, a demo unit, and for every other model a spare part or an accessory.
    const variants: Array<{ type: string; suffix: string; name: string; cat: string; factor: number; uom: string }> = [
      { type: '1', suffix: '', name: modelName, cat: category, factor: 1, uom: 'SET' },
      { type: '1', suffix: '-B', name: `${modelName} (second colour)`, cat: category, factor: 1, uom: 'SET' },
      { type: '6', suffix: '-DEMO', name: `${modelName} demo unit`, cat: category, factor: 0.7, uom: 'SET' },
      { type: '2', suffix: '-CVR', name: `${modelName} seat cover`, cat: 'AC', factor: 0.03, uom: 'PCS' },
      mi % 2 === 0
        ? { type: '3', suffix: '-MTR', name: `${modelName} roller motor`, cat: 'SP', factor: 0.05, uom: 'PCS' }
        : { type: '4', suffix: '-GFT', name: `${modelName} gift pillow`, cat: 'GP', factor: 0.01, uom: 'PCS' },
    ];
    variants.forEach((v, vi) => {
      const owner = sellers[(mi + vi) % sellers.length];
      // Finished goods are sold by every company of the model; parts and gifts by one or two of them.
      const companys = v.type === '1' || v.type === '6' ? sellers : [...new Set([owner, sellers[0]])];
      const currency = CURRENCY_OF[companys[0]] ?? 'RMB';
      const price = Math.round(basePrice[mi] * v.factor * RATE[currency] * (0.95 + random() * 0.1));
      rows.push({
        productType: v.type,
        productCode: `${modelNo}${v.suffix}`,
        itemCode: `IT-${modelNo.replace('-', '')}${v.suffix.replace('-', '')}`,
        factoryCode: `F${modelNo.slice(3)}${vi}`,
        category: v.cat,
        modelNo,
        productName: v.name,
        productColour: colourNumbers[(mi * 3 + vi) % colourNumbers.length],
        currency,
        price,
        unitPrice: Math.round(price * 0.62),
        uom: v.uom,
        companys,
        addUserNumber: 'system',
      });
    });
  });
  await db.insert(products).values(rows).onConflictDoNothing();
}
