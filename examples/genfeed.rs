//! genfeed: writes a realistic product feed of N products with a controllable share of defects,
//! deterministic from a seed, in any format feedlint reads.
//!
//! The rows look like a shop platform's export (compare `redd-health-beauty.tsv` in the shared
//! sample feeds): links with a variant id, versioned CDN image paths, two extra images on half the
//! products, the merchant's own `product_type`, two custom labels, a sale price on a fifth of the
//! clean products and a three-sentence description: ~920 bytes per CSV row, the ~900 MB per
//! million products that issue 5 states for its benchmark.
//!
//! ```text
//! cargo run --release --example genfeed -- --format csv --count 100000 --seed 7 --defects 0.1 > feed.csv
//! ```
//!
//! Defects (one per defective product, chosen at random): a GTIN with a wrong check digit, a title
//! under 25 characters, an apparel product missing color/size/gender/age_group, a malformed price
//! (`USD 19.99`, `19,99 EUR`, `19.99`), a promotional title, a missing description, an unknown
//! availability, an `http://` image link. Products stream straight to stdout (memory stays flat).

use std::io::Write;

use clap::{Parser, ValueEnum};
use feedlint::feed::{FeedWriter, OutputKind, TableLayout};
use feedlint::model::{Product, Shipping, SourceLocation};

#[derive(Parser)]
#[command(about = "Write a realistic product feed with a controllable share of defects")]
struct Args {
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Csv)]
    format: Format,
    /// Number of products.
    #[arg(long, default_value_t = 1000)]
    count: u64,
    /// Random seed: the same seed gives the same feed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Share of products with one defect, 0 to 1.
    #[arg(long, default_value_t = 0.1)]
    defects: f64,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Csv,
    Tsv,
    Ndjson,
    Json,
    Rss,
    Atom,
}

impl From<Format> for OutputKind {
    fn from(f: Format) -> Self {
        match f {
            Format::Csv => Self::Csv,
            Format::Tsv => Self::Tsv,
            Format::Ndjson => Self::Ndjson,
            Format::Json => Self::Json,
            Format::Rss => Self::Rss,
            Format::Atom => Self::Atom,
        }
    }
}

struct Category {
    key: &'static str,
    taxonomy: &'static str,
    /// The merchant's own `product_type` path before the noun.
    product_type: &'static str,
    /// A second sentence of the description: what the product is made of or does.
    detail: &'static str,
    brands: &'static [&'static str],
    nouns: &'static [&'static str],
    adjectives: &'static [&'static str],
    price: (u32, u32),
}

const CATEGORIES: &[Category] = &[
    Category {
        key: "electronics",
        taxonomy: "Electronics > Audio > Headphones",
        product_type: "Electronics > Audio & Tech",
        detail: "Its aluminium housing and reinforced cable are built to last, and the 40-hour battery charges fully in under two hours over USB-C.",
        brands: &["Voltra", "Sonique", "Kepler Audio", "Brightline"],
        nouns: &[
            "Wireless Headphones",
            "Bluetooth Speaker",
            "USB-C Charger 65 W",
            "4K Monitor 27\"",
            "Smart Watch",
        ],
        adjectives: &[
            "Noise-Cancelling",
            "Compact",
            "Waterproof",
            "Fast-Charging",
            "Pro",
        ],
        price: (1_999, 89_999),
    },
    Category {
        key: "apparel",
        taxonomy: "Apparel & Accessories > Clothing > Shirts & Tops",
        product_type: "Clothing > Tops & Knitwear",
        detail: "Cut from soft, breathable natural fibres with flat-lock seams, it keeps its shape wash after wash; machine washable at 30 degrees.",
        brands: &["Northwind", "Hearth & Loom", "Cobalt Row"],
        nouns: &[
            "Merino Sweater",
            "Oxford Shirt",
            "Denim Jacket",
            "Linen Trousers",
            "Cotton T-Shirt",
        ],
        adjectives: &["Slim-Fit", "Organic", "Relaxed", "Classic", "Lightweight"],
        price: (1_499, 19_999),
    },
    Category {
        key: "health_beauty",
        taxonomy: "Health & Beauty > Personal Care > Cosmetics > Skin Care",
        product_type: "Skin Care > Face",
        detail: "Dermatologically tested and suitable for sensitive skin, the lightweight formula absorbs quickly and leaves no greasy residue.",
        brands: &["Dewleaf", "Pure Fable", "Maris Skin"],
        nouns: &[
            "Face Serum 30 ml",
            "Mineral Sunscreen SPF 50",
            "Night Cream 50 ml",
            "Lip Balm Trio",
        ],
        adjectives: &["Hydrating", "Fragrance-Free", "Vitamin C", "Gentle"],
        price: (599, 6_999),
    },
    Category {
        key: "automotive",
        taxonomy: "Vehicles & Parts > Vehicle Parts & Accessories",
        product_type: "Car Parts > Maintenance",
        detail: "Engineered to OEM specifications for a precise fit, it installs in minutes with standard tools; check your vehicle's manual for compatibility.",
        brands: &["TorqueLine", "Roadmark", "Axial Parts"],
        nouns: &[
            "Ceramic Brake Pads",
            "Cabin Air Filter",
            "LED Headlight Bulbs",
            "Wiper Blades 24\"",
        ],
        adjectives: &["Low-Dust", "OEM-Grade", "High-Performance", "All-Season"],
        price: (899, 24_999),
    },
    Category {
        key: "home_garden",
        taxonomy: "Home & Garden > Kitchen & Dining > Cookware & Bakeware",
        product_type: "Kitchen & Garden > Essentials",
        detail: "Made from durable, food-safe materials that resist rust and warping, it is easy to clean and built for years of daily use.",
        brands: &["Hearthstone", "Greenmere", "Oak & Ember"],
        nouns: &[
            "Cast Iron Skillet",
            "Dutch Oven 5.5 qt",
            "Garden Hose 25 m",
            "Chef's Knife 8\"",
        ],
        adjectives: &["Enamelled", "Pre-Seasoned", "Heavy-Duty", "Stainless"],
        price: (1_299, 29_999),
    },
    Category {
        key: "sporting_goods",
        taxonomy: "Sporting Goods > Exercise & Fitness",
        product_type: "Sports & Outdoors > Training",
        detail: "Lightweight yet tough, with a grippy, weather-resistant finish that holds up on trails, in the gym and on the road.",
        brands: &["Summitline", "Pacer", "Tidewater Sport"],
        nouns: &[
            "Trail Running Shoes",
            "Yoga Mat 6 mm",
            "Adjustable Dumbbells",
            "Hiking Backpack 30 L",
        ],
        adjectives: &["Lightweight", "Non-Slip", "Breathable", "Compact"],
        price: (1_999, 39_999),
    },
];

const COLORS: &[&str] = &["Black", "Navy", "Forest Green", "Coral", "Grey", "White"];
const SIZES: &[&str] = &["XS", "S", "M", "L", "XL"];
const PROMO: &[&str] = &["FREE SHIPPING", "BEST PRICE", "SALE 50% OFF", "Buy now"];
/// `custom_label_0` (campaign group) and `custom_label_1` (season), as merchants tag products for
/// bidding.
const LABELS: &[&str] = &["bestseller", "core-range", "new-arrival", "long-tail"];
const SEASONS: &[&str] = &["all-season", "spring-summer", "autumn-winter"];

fn pick<'a>(rng: &mut fastrand::Rng, items: &[&'a str]) -> &'a str {
    items[rng.usize(..items.len())]
}

/// A GTIN-13 with a valid GS1 mod-10 check digit (or a wrong one when `bad`).
fn gtin13(rng: &mut fastrand::Rng, bad: bool) -> String {
    let mut digits: Vec<u32> = (0..12).map(|_| rng.u32(0..10)).collect();
    digits[0] = rng.u32(3..10); // avoid the restricted prefixes 0x/2x in this generator
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| if i % 2 == 0 { d * 3 } else { *d })
        .sum();
    let check = (10 - sum % 10) % 10;
    digits.push(if bad {
        (check + 1 + rng.u32(0..8)) % 10
    } else {
        check
    });
    digits
        .iter()
        .map(|d| char::from_digit(*d, 10).unwrap_or('0'))
        .collect()
}

/// `link`, `image_link` (over plain http when `http_image`) and, on half the products, two
/// `additional_image_link`s, as shop platforms write them: a variant id on the product page, a
/// versioned CDN path for the images.
fn push_urls(rng: &mut fastrand::Rng, p: &mut Product, slug: &str, http_image: bool) {
    let variant = 40_000_000_000_000 + rng.u64(..10_000_000_000_000);
    let version = 1_700_000_000 + rng.u32(..100_000_000);
    p.push(
        "link",
        format!("https://shop.example.com/products/{slug}?variant={variant}"),
    );
    let scheme = if http_image { "http" } else { "https" };
    let cdn = "cdn.example.com/s/files/1/0278/5781/files";
    p.push(
        "image_link",
        format!("{scheme}://{cdn}/{slug}-front.jpg?v={version}"),
    );
    if rng.bool() {
        p.push(
            "additional_image_link",
            format!("https://{cdn}/{slug}-side.jpg?v={version}"),
        );
        p.push(
            "additional_image_link",
            format!("https://{cdn}/{slug}-detail.jpg?v={version}"),
        );
    }
}

fn product(rng: &mut fastrand::Rng, i: u64, defect_share: f64) -> Product {
    let cat = &CATEGORIES[rng.usize(..CATEGORIES.len())];
    let brand = pick(rng, cat.brands);
    let noun = pick(rng, cat.nouns);
    let adjective = pick(rng, cat.adjectives);
    let cents = rng.u32(cat.price.0..cat.price.1);
    let defect = (rng.f64() < defect_share).then(|| rng.u8(0..8));
    let mut p = Product::new(SourceLocation::default());
    let id = format!("SKU-{}-{i:07}", &cat.key[..2].to_ascii_uppercase());
    p.push("id", id.clone());
    let color = pick(rng, COLORS);
    let title = match defect {
        Some(1) => format!("{brand} {noun}").chars().take(20).collect(),
        Some(4) => format!("{} {brand} {adjective} {noun}!!", pick(rng, PROMO)),
        _ if cat.key == "apparel" => format!("{brand} {adjective} {noun} - {color}"),
        _ => format!("{brand} {adjective} {noun}"),
    };
    p.push("title", title);
    if defect != Some(5) {
        p.push(
            "description",
            format!(
                "The {adjective} {noun} from {brand}: made for everyday use, with a two-year \
                 warranty and free returns within 30 days. {} Ships in recyclable packaging \
                 from our {} warehouse; see the size and care guide on the product page for \
                 details.",
                cat.detail,
                ["Ohio", "Nevada", "Georgia"][rng.usize(..3)]
            ),
        );
    }
    let slug = format!(
        "{}-{i}",
        noun.to_ascii_lowercase().replace([' ', '"', '\''], "-")
    );
    push_urls(rng, &mut p, &slug, defect == Some(7));
    let availability = if defect == Some(6) {
        "maybe"
    } else {
        [
            "in_stock",
            "in_stock",
            "in_stock",
            "out_of_stock",
            "preorder",
        ][rng.usize(..5)]
    };
    p.push("availability", availability);
    p.push("condition", "new");
    let price = format!("{}.{:02}", cents / 100, cents % 100);
    p.push(
        "price",
        match defect {
            Some(3) => match rng.u8(0..3) {
                0 => format!("USD {price}"),
                1 => format!("{},{:02} EUR", cents / 100, cents % 100),
                _ => price,
            },
            _ => format!("{price} USD"),
        },
    );
    if defect.is_none() && rng.u8(..5) == 0 {
        // On sale: 10-30% off.
        let sale = cents - cents / 100 * u32::from(rng.u8(10..31));
        p.push(
            "sale_price",
            format!("{}.{:02} USD", sale / 100, sale % 100),
        );
    }
    p.push("brand", brand);
    p.push("gtin", gtin13(rng, defect == Some(0)));
    p.push("mpn", format!("{}-{i}", &brand[..3].to_ascii_uppercase()));
    p.push("market_product_category", cat.taxonomy);
    p.push("product_type", format!("{} > {noun}", cat.product_type));
    p.push("category", cat.key);
    p.push("custom_label_0", pick(rng, LABELS));
    p.push("custom_label_1", pick(rng, SEASONS));
    if cat.key == "apparel" && defect != Some(2) {
        p.push("color", color);
        p.push("size", pick(rng, SIZES));
        p.push("gender", ["male", "female", "unisex"][rng.usize(..3)]);
        p.push("age_group", "adult");
        p.push("item_group_id", format!("GRP-{}", i / 4));
    }
    p.shipping.push(Shipping {
        country: Some("US".into()),
        service: Some("Standard".into()),
        price: Some(if cents > 5_000 {
            "0.00 USD".into()
        } else {
            "4.95 USD".into()
        }),
        ..Shipping::default()
    });
    p
}

/// A product with every column genfeed may write, for the CSV/TSV header.
fn layout() -> TableLayout {
    let mut rng = fastrand::Rng::with_seed(0);
    let mut l = TableLayout::new();
    loop {
        let p = product(&mut rng, 0, 0.0);
        if p.get("category") == Some("apparel") && p.has("additional_image_link") {
            let mut full = p;
            full.set("description", "");
            if !full.has("sale_price") {
                full.set("sale_price", "");
            }
            l.observe(&full);
            return l;
        }
    }
}

fn main() -> std::process::ExitCode {
    let args = Args::parse();
    let kind = OutputKind::from(args.format);
    let stdout = std::io::stdout();
    let out = std::io::BufWriter::with_capacity(256 * 1024, stdout.lock());
    let mut rng = fastrand::Rng::with_seed(args.seed);
    let result = (|| {
        let mut w = FeedWriter::new(kind, out, kind.needs_layout().then(layout))?;
        for i in 0..args.count {
            w.write(&product(&mut rng, i, args.defects.clamp(0.0, 1.0)))?;
        }
        w.finish(None)?.flush()?;
        Ok::<(), feedlint::Error>(())
    })();
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) if e.broken_pipe => std::process::ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(std::io::stderr(), "genfeed: {e}");
            std::process::ExitCode::from(2)
        }
    }
}
