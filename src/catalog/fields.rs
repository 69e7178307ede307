//! The 73 system fields of spec section 1: 14 universal core fields and 59 category-specific
//! field entries spread over the six categories, each with its type, limits, allowed values and
//! requirement level. The limits and allowed values here are the ones the rules enforce.
//!
//! Pure data; no I/O. `FIELD_COUNTS` is derived from the tables, never typed.
#![allow(
    clippy::unreadable_literal,
    reason = "GMC Help answer ids are identifiers, written as they appear in the Help URLs"
)]

use std::sync::LazyLock;

use serde::Serialize;

use super::category::{Category, GtinRequirement};

/// Title length bounds (spec 2.1 and 8).
pub const TITLE_MIN: usize = 25;
pub const TITLE_MAX: usize = 150;
/// Description maximum (GMC 6324468).
pub const DESCRIPTION_MAX: usize = 5_000;
/// id maximum (GMC 7052112).
pub const ID_MAX: usize = 50;
/// brand and mpn maximum (GMC 6324351, 6324482).
pub const BRAND_MAX: usize = 70;
pub const MPN_MAX: usize = 70;
/// item_group_id maximum (GMC 6324507).
pub const ITEM_GROUP_ID_MAX: usize = 50;
/// URL maximum for link, image_link, additional_image_link (GMC 6324416, 6324350).
pub const URL_MAX: usize = 2_000;
/// additional_image_link values used (shoptimizer MAX_ALTERNATE_IMAGE_URLS).
pub const ADDITIONAL_IMAGES_MAX: usize = 10;
/// product_type maximum per value, and values used (GMC 6324406).
pub const PRODUCT_TYPE_MAX: usize = 750;
pub const PRODUCT_TYPE_VALUES_MAX: usize = 5;
/// color: 100 in total, 40 per colour, 3 colours (GMC 6324487).
pub const COLOR_MAX: usize = 100;
pub const COLOR_PART_MAX: usize = 40;
pub const COLORS_MAX: usize = 3;
/// size, material, pattern maxima (GMC 6324492, 6324410, 6324483).
pub const SIZE_MAX: usize = 100;
pub const MATERIAL_MAX: usize = 200;
pub const PATTERN_MAX: usize = 100;

pub const AVAILABILITY_VALUES: &[&str] = &["in_stock", "out_of_stock", "preorder", "backorder"];
pub const CONDITION_VALUES: &[&str] = &["new", "refurbished", "used"];
pub const BOOLEAN_VALUES: &[&str] = &["yes", "no"];
pub const GENDER_VALUES: &[&str] = &["male", "female", "unisex"];
pub const AGE_GROUP_VALUES: &[&str] = &["newborn", "infant", "toddler", "kids", "adult"];
pub const SIZE_SYSTEM_VALUES: &[&str] = &[
    "AU", "BR", "CN", "DE", "EU", "FR", "IT", "JP", "MEX", "UK", "US",
];
pub const SIZE_TYPE_VALUES: &[&str] = &["regular", "petite", "plus", "tall", "big", "maternity"];
pub const ENERGY_CLASS_VALUES: &[&str] = &["A+++", "A++", "A+", "A", "B", "C", "D", "E", "F", "G"];

/// The value type of a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum FieldType {
    Text,
    Url,
    /// `<amount> <ISO 4217>`.
    Price,
    /// One of `allowed`.
    Enum,
    /// yes/no.
    Boolean,
    Integer,
    /// ISO 8601 date or date-time.
    Date,
    /// ISO 8601 `start/end`.
    DateRange,
    /// `<number> <unit>`.
    Measure,
    /// GTIN digits.
    Gtin,
    /// Taxonomy id or ` > ` path.
    Taxonomy,
    /// Structured (shipping, tax).
    Group,
}

/// How much a category needs a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Requirement {
    Optional,
    Recommended,
    Required,
}

impl Requirement {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Optional => "optional",
            Self::Recommended => "recommended",
            Self::Required => "required",
        }
    }
}

/// What an attribute is, wherever it is used.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Attribute {
    /// Canonical name (GMC snake_case; `market_product_category` for google_product_category).
    pub name: &'static str,
    #[serde(rename = "type")]
    pub field_type: FieldType,
    pub min_len: Option<usize>,
    pub max_len: Option<usize>,
    /// Allowed values (enum fields), empty otherwise.
    pub allowed: &'static [&'static str],
    /// Maximum number of values (repeated attributes), `None` when single or unbounded.
    pub max_values: Option<usize>,
    /// GMC Help answer id documenting the attribute.
    pub gmc_help: u32,
}

const fn attr(
    name: &'static str,
    field_type: FieldType,
    max_len: Option<usize>,
    gmc_help: u32,
) -> Attribute {
    Attribute {
        name,
        field_type,
        min_len: None,
        max_len,
        allowed: &[],
        max_values: None,
        gmc_help,
    }
}

const fn enum_attr(
    name: &'static str,
    allowed: &'static [&'static str],
    gmc_help: u32,
) -> Attribute {
    Attribute {
        name,
        field_type: FieldType::Enum,
        min_len: None,
        max_len: None,
        allowed,
        max_values: None,
        gmc_help,
    }
}

/// One universal core field.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct UniversalField {
    pub attribute: Attribute,
    /// Requirement in every category, unless `by_category` says otherwise.
    pub requirement: Requirement,
}

impl UniversalField {
    /// Requirement of the field for a product of `category` (`None`: no category detected).
    #[must_use]
    pub fn requirement_in(&self, category: Option<Category>) -> Requirement {
        match (self.attribute.name, category) {
            ("gtin", Some(c)) => match c.gtin_requirement() {
                GtinRequirement::Required | GtinRequirement::Critical => Requirement::Required,
                GtinRequirement::Recommended => Requirement::Recommended,
                GtinRequirement::Optional => Requirement::Optional,
            },
            _ => self.requirement,
        }
    }
}

/// One category-specific field entry: an attribute as a given category needs it.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct CategoryField {
    pub category: Category,
    pub attribute: Attribute,
    pub requirement: Requirement,
}

/// The 14 universal core fields (spec 1; GMC 7052112).
pub const UNIVERSAL_FIELDS: &[UniversalField] = &[
    UniversalField {
        attribute: Attribute {
            min_len: Some(1),
            ..attr("id", FieldType::Text, Some(ID_MAX), 6324405)
        },
        requirement: Requirement::Required,
    },
    UniversalField {
        attribute: Attribute {
            min_len: Some(TITLE_MIN),
            ..attr("title", FieldType::Text, Some(TITLE_MAX), 6324415)
        },
        requirement: Requirement::Required,
    },
    UniversalField {
        attribute: Attribute {
            min_len: Some(1),
            ..attr(
                "description",
                FieldType::Text,
                Some(DESCRIPTION_MAX),
                6324468,
            )
        },
        requirement: Requirement::Required,
    },
    UniversalField {
        attribute: attr("link", FieldType::Url, Some(URL_MAX), 6324416),
        requirement: Requirement::Required,
    },
    UniversalField {
        attribute: attr("image_link", FieldType::Url, Some(URL_MAX), 6324350),
        requirement: Requirement::Required,
    },
    UniversalField {
        attribute: attr("price", FieldType::Price, None, 6324371),
        requirement: Requirement::Required,
    },
    UniversalField {
        attribute: enum_attr("availability", AVAILABILITY_VALUES, 6324448),
        requirement: Requirement::Required,
    },
    UniversalField {
        attribute: enum_attr("condition", CONDITION_VALUES, 6324469),
        requirement: Requirement::Required,
    },
    UniversalField {
        attribute: attr("brand", FieldType::Text, Some(BRAND_MAX), 6324351),
        requirement: Requirement::Required,
    },
    UniversalField {
        attribute: attr("gtin", FieldType::Gtin, Some(14), 6324461),
        requirement: Requirement::Recommended,
    },
    UniversalField {
        attribute: attr("mpn", FieldType::Text, Some(MPN_MAX), 6324482),
        requirement: Requirement::Recommended,
    },
    UniversalField {
        attribute: Attribute {
            field_type: FieldType::Boolean,
            ..enum_attr("identifier_exists", BOOLEAN_VALUES, 6324478)
        },
        requirement: Requirement::Optional,
    },
    UniversalField {
        attribute: attr(
            "market_product_category",
            FieldType::Taxonomy,
            None,
            6324436,
        ),
        requirement: Requirement::Recommended,
    },
    UniversalField {
        attribute: Attribute {
            max_values: Some(PRODUCT_TYPE_VALUES_MAX),
            ..attr(
                "product_type",
                FieldType::Taxonomy,
                Some(PRODUCT_TYPE_MAX),
                6324406,
            )
        },
        requirement: Requirement::Recommended,
    },
];

const COLOR: Attribute = attr("color", FieldType::Text, Some(COLOR_MAX), 6324487);
const SIZE: Attribute = attr("size", FieldType::Text, Some(SIZE_MAX), 6324492);
const GENDER: Attribute = enum_attr("gender", GENDER_VALUES, 6324479);
const AGE_GROUP: Attribute = enum_attr("age_group", AGE_GROUP_VALUES, 6324463);
const ITEM_GROUP_ID: Attribute = attr(
    "item_group_id",
    FieldType::Text,
    Some(ITEM_GROUP_ID_MAX),
    6324507,
);
const MATERIAL: Attribute = attr("material", FieldType::Text, Some(MATERIAL_MAX), 6324410);
const PATTERN: Attribute = attr("pattern", FieldType::Text, Some(PATTERN_MAX), 6324483);
const SIZE_TYPE: Attribute = Attribute {
    max_values: Some(2),
    ..enum_attr("size_type", SIZE_TYPE_VALUES, 6324497)
};
const SIZE_SYSTEM: Attribute = enum_attr("size_system", SIZE_SYSTEM_VALUES, 6324502);
const ADDITIONAL_IMAGE_LINK: Attribute = Attribute {
    max_values: Some(ADDITIONAL_IMAGES_MAX),
    ..attr(
        "additional_image_link",
        FieldType::Url,
        Some(URL_MAX),
        6324370,
    )
};
const SALE_PRICE: Attribute = attr("sale_price", FieldType::Price, None, 6324471);
const SALE_PRICE_EFFECTIVE_DATE: Attribute = attr(
    "sale_price_effective_date",
    FieldType::DateRange,
    Some(51),
    6324460,
);
const PRODUCT_DETAIL: Attribute = attr("product_detail", FieldType::Group, None, 9218260);
const PRODUCT_HIGHLIGHT: Attribute = Attribute {
    max_values: Some(10),
    ..attr("product_highlight", FieldType::Text, Some(150), 9216100)
};
const ENERGY_CLASS: Attribute = enum_attr("energy_efficiency_class", ENERGY_CLASS_VALUES, 7562785);
const MIN_ENERGY_CLASS: Attribute =
    enum_attr("min_energy_efficiency_class", ENERGY_CLASS_VALUES, 7562785);
const MAX_ENERGY_CLASS: Attribute =
    enum_attr("max_energy_efficiency_class", ENERGY_CLASS_VALUES, 7562785);
const CERTIFICATION: Attribute = attr("certification", FieldType::Group, None, 13528839);
const PRODUCT_LENGTH: Attribute = attr("product_length", FieldType::Measure, None, 11018531);
const PRODUCT_WIDTH: Attribute = attr("product_width", FieldType::Measure, None, 11018531);
const PRODUCT_HEIGHT: Attribute = attr("product_height", FieldType::Measure, None, 11018531);
const PRODUCT_WEIGHT: Attribute = attr("product_weight", FieldType::Measure, None, 11018531);
const UNIT_PRICING_MEASURE: Attribute =
    attr("unit_pricing_measure", FieldType::Measure, None, 6324455);
const UNIT_PRICING_BASE_MEASURE: Attribute = attr(
    "unit_pricing_base_measure",
    FieldType::Measure,
    None,
    6324490,
);
const ADULT: Attribute = Attribute {
    field_type: FieldType::Boolean,
    ..enum_attr("adult", BOOLEAN_VALUES, 6324508)
};
const EXPIRATION_DATE: Attribute = attr("expiration_date", FieldType::Date, None, 6324499);
const MULTIPACK: Attribute = attr("multipack", FieldType::Integer, None, 6324488);
const IS_BUNDLE: Attribute = Attribute {
    field_type: FieldType::Boolean,
    ..enum_attr("is_bundle", BOOLEAN_VALUES, 6324449)
};
const SHIPPING_WEIGHT: Attribute = attr("shipping_weight", FieldType::Measure, None, 6324503);
const SHIPPING_LENGTH: Attribute = attr("shipping_length", FieldType::Measure, None, 6324498);
const SHIPPING_WIDTH: Attribute = attr("shipping_width", FieldType::Measure, None, 6324498);
const SHIPPING_HEIGHT: Attribute = attr("shipping_height", FieldType::Measure, None, 6324498);

const fn field(
    category: Category,
    attribute: Attribute,
    requirement: Requirement,
) -> CategoryField {
    CategoryField {
        category,
        attribute,
        requirement,
    }
}

use Category::{Apparel, Automotive, Electronics, HealthBeauty, HomeGarden, SportingGoods};
use Requirement::{Optional, Recommended, Required};

/// The 59 category-specific field entries (GMC category requirements; see
/// reference/merchant-product-data.md "Category → required attributes").
pub const CATEGORY_FIELDS: &[CategoryField] = &[
    // Apparel & Fashion (166): the apparel attributes required in BR/FR/DE/JP/UK/US.
    field(Apparel, COLOR, Required),
    field(Apparel, SIZE, Required),
    field(Apparel, GENDER, Required),
    field(Apparel, AGE_GROUP, Required),
    field(Apparel, ITEM_GROUP_ID, Required),
    field(Apparel, MATERIAL, Recommended),
    field(Apparel, PATTERN, Recommended),
    field(Apparel, SIZE_TYPE, Optional),
    field(Apparel, SIZE_SYSTEM, Recommended),
    field(Apparel, ADDITIONAL_IMAGE_LINK, Recommended),
    field(Apparel, SALE_PRICE, Optional),
    field(Apparel, SALE_PRICE_EFFECTIVE_DATE, Optional),
    // Electronics (222): energy labels, certification, specifications.
    field(Electronics, ENERGY_CLASS, Recommended),
    field(Electronics, MIN_ENERGY_CLASS, Optional),
    field(Electronics, MAX_ENERGY_CLASS, Optional),
    field(Electronics, CERTIFICATION, Recommended),
    field(Electronics, PRODUCT_LENGTH, Optional),
    field(Electronics, PRODUCT_WIDTH, Optional),
    field(Electronics, PRODUCT_HEIGHT, Optional),
    field(Electronics, PRODUCT_WEIGHT, Optional),
    field(Electronics, PRODUCT_HIGHLIGHT, Recommended),
    field(Electronics, PRODUCT_DETAIL, Recommended),
    // Health & Beauty (469): unit pricing, adult flag, shelf life, packs.
    field(HealthBeauty, UNIT_PRICING_MEASURE, Recommended),
    field(HealthBeauty, UNIT_PRICING_BASE_MEASURE, Optional),
    field(HealthBeauty, ADULT, Optional),
    field(HealthBeauty, EXPIRATION_DATE, Optional),
    field(HealthBeauty, MULTIPACK, Optional),
    field(HealthBeauty, IS_BUNDLE, Optional),
    field(HealthBeauty, SIZE, Recommended),
    field(HealthBeauty, PRODUCT_HIGHLIGHT, Recommended),
    field(HealthBeauty, CERTIFICATION, Optional),
    // Automotive (888): weights and dimensions of parts, fitment details.
    field(Automotive, SHIPPING_WEIGHT, Recommended),
    field(Automotive, SHIPPING_LENGTH, Optional),
    field(Automotive, SHIPPING_WIDTH, Optional),
    field(Automotive, SHIPPING_HEIGHT, Optional),
    field(Automotive, PRODUCT_DETAIL, Recommended),
    field(Automotive, PRODUCT_WEIGHT, Optional),
    field(Automotive, MULTIPACK, Optional),
    field(Automotive, IS_BUNDLE, Optional),
    field(Automotive, CERTIFICATION, Optional),
    // Home & Garden (536): appliances' energy labels, furniture dimensions and materials.
    field(HomeGarden, COLOR, Recommended),
    field(HomeGarden, MATERIAL, Recommended),
    field(HomeGarden, PATTERN, Optional),
    field(HomeGarden, ENERGY_CLASS, Recommended),
    field(HomeGarden, PRODUCT_LENGTH, Recommended),
    field(HomeGarden, PRODUCT_WIDTH, Recommended),
    field(HomeGarden, PRODUCT_HEIGHT, Recommended),
    field(HomeGarden, SHIPPING_WEIGHT, Recommended),
    field(HomeGarden, UNIT_PRICING_MEASURE, Optional),
    field(HomeGarden, IS_BUNDLE, Optional),
    // Sports & Outdoors (988): apparel attributes for sportswear and footwear, weights.
    field(SportingGoods, COLOR, Recommended),
    field(SportingGoods, SIZE, Recommended),
    field(SportingGoods, GENDER, Recommended),
    field(SportingGoods, AGE_GROUP, Recommended),
    field(SportingGoods, MATERIAL, Optional),
    field(SportingGoods, ITEM_GROUP_ID, Recommended),
    field(SportingGoods, SIZE_SYSTEM, Optional),
    field(SportingGoods, SHIPPING_WEIGHT, Optional),
    field(SportingGoods, PRODUCT_WEIGHT, Optional),
];

/// Field counts, derived from the tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct FieldCounts {
    pub universal: usize,
    pub category: usize,
    pub total: usize,
}

pub const FIELD_COUNTS: FieldCounts = FieldCounts {
    universal: UNIVERSAL_FIELDS.len(),
    category: CATEGORY_FIELDS.len(),
    total: UNIVERSAL_FIELDS.len() + CATEGORY_FIELDS.len(),
};

/// The category-specific field entries of one category, in table order.
pub fn category_fields(category: Category) -> impl Iterator<Item = &'static CategoryField> {
    CATEGORY_FIELDS
        .iter()
        .filter(move |f| f.category == category)
}

/// Number of category-specific fields of a category (`categories` fieldCount).
#[must_use]
pub fn category_field_count(category: Category) -> usize {
    category_fields(category).count()
}

static REQUIRED_COUNTS: LazyLock<[usize; 6]> = LazyLock::new(|| {
    Category::ALL.map(|c| {
        UNIVERSAL_FIELDS
            .iter()
            .filter(|f| f.requirement_in(Some(c)) == Required)
            .count()
            + category_fields(c)
                .filter(|f| f.requirement == Required)
                .count()
    })
});

/// Number of required fields (universal and specific) for a category.
#[must_use]
pub fn required_field_count(category: Category) -> usize {
    Category::ALL
        .iter()
        .position(|c| *c == category)
        .map_or(0, |i| REQUIRED_COUNTS[i])
}

/// Looks an attribute up by canonical name among all fields (universal first).
#[must_use]
pub fn attribute(name: &str) -> Option<&'static Attribute> {
    UNIVERSAL_FIELDS
        .iter()
        .map(|f| &f.attribute)
        .chain(CATEGORY_FIELDS.iter().map(|f| &f.attribute))
        .find(|a| a.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_counts_are_14_59_73() {
        assert_eq!(FIELD_COUNTS.universal, 14);
        assert_eq!(FIELD_COUNTS.category, 59);
        assert_eq!(FIELD_COUNTS.total, 73);
        let sum: usize = Category::ALL.iter().map(|c| category_field_count(*c)).sum();
        assert_eq!(sum, 59);
    }

    #[test]
    fn no_field_is_listed_twice_in_one_category() {
        for c in Category::ALL {
            let mut names: Vec<&str> = category_fields(c).map(|f| f.attribute.name).collect();
            let n = names.len();
            names.sort_unstable();
            names.dedup();
            assert_eq!(n, names.len(), "{c}");
            assert!(n >= 5, "{c} has only {n} fields");
            for name in &names {
                assert!(
                    UNIVERSAL_FIELDS.iter().all(|u| u.attribute.name != *name),
                    "{name} is universal"
                );
            }
        }
    }

    #[test]
    fn enum_fields_have_values_and_gtin_follows_category() {
        for a in UNIVERSAL_FIELDS
            .iter()
            .map(|f| &f.attribute)
            .chain(CATEGORY_FIELDS.iter().map(|f| &f.attribute))
        {
            if a.field_type == FieldType::Enum {
                assert!(!a.allowed.is_empty(), "{}", a.name);
            }
        }
        let gtin = UNIVERSAL_FIELDS
            .iter()
            .find(|f| f.attribute.name == "gtin")
            .unwrap();
        assert_eq!(gtin.requirement_in(Some(Category::Electronics)), Required);
        assert_eq!(gtin.requirement_in(Some(Category::HomeGarden)), Optional);
        assert!(
            required_field_count(Category::Apparel) > required_field_count(Category::HomeGarden)
        );
    }

    #[test]
    fn every_rule_field_is_a_known_attribute_or_documented_extra() {
        // Rules may read attributes beyond the 73 catalogued fields (shipping, tax, custom labels);
        // but every catalogued limit the rules enforce must name a catalogued attribute.
        for name in [
            "title",
            "description",
            "brand",
            "mpn",
            "color",
            "size",
            "material",
            "pattern",
        ] {
            assert!(
                attribute(name).is_some_and(|a| a.max_len.is_some()),
                "{name}"
            );
        }
    }
}
