//! GS1 prefix ranges (issue 4; GMC 6286293 "Unsupported value due to restricted prefix", 6286302
//! "Unsupported coupon value"). The table below is dated data kept in this one place.
//!
//! Responsible for classifying the GS1 prefix of a GTIN: a member organisation's range,
//! restricted circulation, coupons, refund receipts, ISBN, ISSN, GS1's demonstration range,
//! GS1 Global Office, or unassigned. Reads the value right-aligned to 14 digits and ignores the
//! first digit of a GTIN-14 (the indicator), so a GTIN-12 `4xxxxxxxxxxx` has prefix `04x`.
//! GTIN-8 (and a value whose 14-digit form starts with six zeros) uses the GS1-8 table.
//! Not responsible for whether a company prefix is really licensed (that needs GS1's registry).

use serde::Serialize;

/// The date and source of [`GS1_PREFIXES`]. Update both together.
pub const PREFIX_TABLE_DATE: &str = "2024-06";
/// Where [`GS1_PREFIXES`] comes from.
pub const PREFIX_TABLE_SOURCE: &str = "GS1 prefix list (gs1.org/standards/id-keys/company-prefix) \
     and GS1 General Specifications figures 1.4.2-1 (GS1 Prefixes) and 1.4.2-2 (GS1-8 Prefixes)";

/// What a GS1 prefix range is used for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PrefixClass {
    /// Issued by a GS1 member organisation (`organisation` names it) to its member companies.
    Member,
    /// Restricted circulation numbers (in-store, variable measure): not product GTINs.
    RestrictedCirculation,
    /// Coupon identification: not product GTINs.
    Coupon,
    /// Refund receipts (980): not product GTINs.
    RefundReceipt,
    /// Bookland: ISBN as GTIN-13 (978, 979).
    Isbn,
    /// Serial publications: ISSN as GTIN-13 (977).
    Issn,
    /// GS1's range for demonstration and example numbers (952).
    Demo,
    /// Held by GS1 Global Office (950, 951, 960-969; 623 pending a member organisation).
    GlobalOffice,
    /// No GS1 member organisation holds it (reserved or unused).
    Unassigned,
}

impl PrefixClass {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Member => "member",
            Self::RestrictedCirculation => "restricted_circulation",
            Self::Coupon => "coupon",
            Self::RefundReceipt => "refund_receipt",
            Self::Isbn => "isbn",
            Self::Issn => "issn",
            Self::Demo => "demo",
            Self::GlobalOffice => "global_office",
            Self::Unassigned => "unassigned",
        }
    }

    /// Restricted-circulation, coupon and refund-receipt numbers are not acceptable product
    /// GTINs on shopping platforms: they fail compliance (GMC 6286293, 6286302).
    #[must_use]
    pub fn fails_compliance(self) -> bool {
        matches!(
            self,
            Self::RestrictedCirculation | Self::Coupon | Self::RefundReceipt
        )
    }

    /// A prefix nobody issues product numbers from: a sign of a made-up code (fraud scoring).
    #[must_use]
    pub fn is_unissued(self) -> bool {
        matches!(self, Self::Unassigned | Self::Demo)
    }
}

/// One row of the prefix table: inclusive 3-digit range, class and the holder's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrefixRange {
    pub from: u16,
    pub to: u16,
    pub class: PrefixClass,
    pub holder: &'static str,
}

const fn m(from: u16, to: u16, holder: &'static str) -> PrefixRange {
    PrefixRange {
        from,
        to,
        class: PrefixClass::Member,
        holder,
    }
}

const fn s(from: u16, to: u16, class: PrefixClass, holder: &'static str) -> PrefixRange {
    PrefixRange {
        from,
        to,
        class,
        holder,
    }
}

use PrefixClass::{
    Coupon, Demo, GlobalOffice, Isbn, Issn, RefundReceipt, RestrictedCirculation as Rcn,
};

/// GS1 prefixes (3 digits of the value right-aligned to 14 digits, after the indicator), sorted
/// and non-overlapping. Every prefix not covered is unassigned: for example 140-199, 381, 382,
/// 384, 386, 388, 391-399, 441-449, 472, 473, 510-519, 522-527, 532-534, 536-538, 550-559,
/// 561-568, 580-589, 591-593, 595-598, 602, 610, 612, 614, 632-639, 650-679, 682-689, 710-728,
/// 747-749, 751-753, 756-758, 772, 774, 776, 781-783, 785, 787, 788, 791-799, 851-857, 861-864,
/// 866, 881, 882, 886, 887, 889, 891, 892, 894, 895, 897, 898, 920-929, 953, 954, 956, 957,
/// 959, 970-976, 985-989. Dated [`PREFIX_TABLE_DATE`], source [`PREFIX_TABLE_SOURCE`].
pub const GS1_PREFIXES: &[PrefixRange] = &[
    m(0, 19, "GS1 US"),
    s(
        20,
        29,
        Rcn,
        "restricted circulation within a geographic region",
    ),
    m(30, 39, "GS1 US"),
    s(40, 49, Rcn, "restricted circulation within a company"),
    s(50, 59, Coupon, "coupons (GS1 US)"),
    m(60, 139, "GS1 US"),
    s(
        200,
        299,
        Rcn,
        "restricted circulation within a geographic region",
    ),
    m(300, 379, "GS1 France"),
    m(380, 380, "GS1 Bulgaria"),
    m(383, 383, "GS1 Slovenija"),
    m(385, 385, "GS1 Croatia"),
    m(387, 387, "GS1 BIH (Bosnia-Herzegovina)"),
    m(389, 389, "GS1 Montenegro"),
    m(390, 390, "GS1 Kosovo"),
    m(400, 440, "GS1 Germany"),
    m(450, 459, "GS1 Japan"),
    m(460, 469, "GS1 Russia"),
    m(470, 470, "GS1 Kyrgyzstan"),
    m(471, 471, "GS1 Taiwan"),
    m(474, 474, "GS1 Estonia"),
    m(475, 475, "GS1 Latvia"),
    m(476, 476, "GS1 Azerbaijan"),
    m(477, 477, "GS1 Lithuania"),
    m(478, 478, "GS1 Uzbekistan"),
    m(479, 479, "GS1 Sri Lanka"),
    m(480, 480, "GS1 Philippines"),
    m(481, 481, "GS1 Belarus"),
    m(482, 482, "GS1 Ukraine"),
    m(483, 483, "GS1 Turkmenistan"),
    m(484, 484, "GS1 Moldova"),
    m(485, 485, "GS1 Armenia"),
    m(486, 486, "GS1 Georgia"),
    m(487, 487, "GS1 Kazakhstan"),
    m(488, 488, "GS1 Tajikistan"),
    m(489, 489, "GS1 Hong Kong, China"),
    m(490, 499, "GS1 Japan"),
    m(500, 509, "GS1 UK"),
    m(520, 521, "GS1 Association Greece"),
    m(528, 528, "GS1 Lebanon"),
    m(529, 529, "GS1 Cyprus"),
    m(530, 530, "GS1 Albania"),
    m(531, 531, "GS1 North Macedonia"),
    m(535, 535, "GS1 Malta"),
    m(539, 539, "GS1 Ireland"),
    m(540, 549, "GS1 Belgium & Luxembourg"),
    m(560, 560, "GS1 Portugal"),
    m(569, 569, "GS1 Iceland"),
    m(570, 579, "GS1 Denmark"),
    m(590, 590, "GS1 Poland"),
    m(594, 594, "GS1 Romania"),
    m(599, 599, "GS1 Hungary"),
    m(600, 601, "GS1 South Africa"),
    m(603, 603, "GS1 Ghana"),
    m(604, 604, "GS1 Senegal"),
    m(605, 605, "GS1 Uganda"),
    m(606, 606, "GS1 Angola"),
    m(607, 607, "GS1 Oman"),
    m(608, 608, "GS1 Bahrain"),
    m(609, 609, "GS1 Mauritius"),
    m(611, 611, "GS1 Morocco"),
    m(613, 613, "GS1 Algeria"),
    m(615, 615, "GS1 Nigeria"),
    m(616, 616, "GS1 Kenya"),
    m(617, 617, "GS1 Cameroon"),
    m(618, 618, "GS1 Côte d'Ivoire"),
    m(619, 619, "GS1 Tunisia"),
    m(620, 620, "GS1 Tanzania"),
    m(621, 621, "GS1 Syria"),
    m(622, 622, "GS1 Egypt"),
    s(
        623,
        623,
        GlobalOffice,
        "GS1 Global Office (future member organisation)",
    ),
    m(624, 624, "GS1 Libya"),
    m(625, 625, "GS1 Jordan"),
    m(626, 626, "GS1 Iran"),
    m(627, 627, "GS1 Kuwait"),
    m(628, 628, "GS1 Saudi Arabia"),
    m(629, 629, "GS1 Emirates"),
    m(630, 630, "GS1 Qatar"),
    m(631, 631, "GS1 Namibia"),
    m(640, 649, "GS1 Finland"),
    m(680, 681, "GS1 China"),
    m(690, 699, "GS1 China"),
    m(700, 709, "GS1 Norway"),
    m(729, 729, "GS1 Israel"),
    m(730, 739, "GS1 Sweden"),
    m(740, 740, "GS1 Guatemala"),
    m(741, 741, "GS1 El Salvador"),
    m(742, 742, "GS1 Honduras"),
    m(743, 743, "GS1 Nicaragua"),
    m(744, 744, "GS1 Costa Rica"),
    m(745, 745, "GS1 Panama"),
    m(746, 746, "GS1 Republica Dominicana"),
    m(750, 750, "GS1 Mexico"),
    m(754, 755, "GS1 Canada"),
    m(759, 759, "GS1 Venezuela"),
    m(760, 769, "GS1 Switzerland"),
    m(770, 771, "GS1 Colombia"),
    m(773, 773, "GS1 Uruguay"),
    m(775, 775, "GS1 Peru"),
    m(777, 777, "GS1 Bolivia"),
    m(778, 779, "GS1 Argentina"),
    m(780, 780, "GS1 Chile"),
    m(784, 784, "GS1 Paraguay"),
    m(786, 786, "GS1 Ecuador"),
    m(789, 790, "GS1 Brasil"),
    m(800, 839, "GS1 Italy"),
    m(840, 849, "GS1 Spain"),
    m(850, 850, "GS1 Cuba"),
    m(858, 858, "GS1 Slovakia"),
    m(859, 859, "GS1 Czech"),
    m(860, 860, "GS1 Serbia"),
    m(865, 865, "GS1 Mongolia"),
    m(867, 867, "GS1 North Korea"),
    m(868, 869, "GS1 Türkiye"),
    m(870, 879, "GS1 Netherlands"),
    m(880, 880, "GS1 Korea"),
    m(883, 883, "GS1 Myanmar"),
    m(884, 884, "GS1 Cambodia"),
    m(885, 885, "GS1 Thailand"),
    m(888, 888, "GS1 Singapore"),
    m(890, 890, "GS1 India"),
    m(893, 893, "GS1 Vietnam"),
    m(896, 896, "GS1 Pakistan"),
    m(899, 899, "GS1 Indonesia"),
    m(900, 919, "GS1 Austria"),
    m(930, 939, "GS1 Australia"),
    m(940, 949, "GS1 New Zealand"),
    s(950, 951, GlobalOffice, "GS1 Global Office"),
    s(952, 952, Demo, "GS1 demonstration and example numbers"),
    m(955, 955, "GS1 Malaysia"),
    m(958, 958, "GS1 Macau, China"),
    s(
        960,
        969,
        GlobalOffice,
        "GS1 Global Office (GTIN-8 allocations)",
    ),
    s(977, 977, Issn, "serial publications (ISSN)"),
    s(978, 979, Isbn, "Bookland (ISBN)"),
    s(980, 980, RefundReceipt, "refund receipts"),
    s(981, 984, Coupon, "coupons (common currency areas)"),
    s(990, 999, Coupon, "coupons"),
];

/// GS1-8 prefixes (first three digits of a GTIN-8), GS1 General Specifications figure 1.4.2-2:
/// `0xx` velocity codes and `2xx` are restricted circulation numbers within a company (RCN-8);
/// 970-999 are reserved; the rest follow [`GS1_PREFIXES`] (member organisations issue GTIN-8s
/// from their own prefixes, GS1 Global Office from 960-969).
pub const GS1_8_PREFIXES: &[PrefixRange] = &[
    s(
        0,
        99,
        Rcn,
        "velocity codes: restricted circulation within a company (RCN-8)",
    ),
    s(
        200,
        299,
        Rcn,
        "restricted circulation within a company (RCN-8)",
    ),
    s(970, 999, PrefixClass::Unassigned, "reserved GS1-8 prefixes"),
];

const UNASSIGNED: PrefixRange = s(
    0,
    999,
    PrefixClass::Unassigned,
    "no GS1 member organisation",
);

/// The classified GS1 prefix of one GTIN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrefixInfo {
    /// The three prefix digits read (ASCII).
    pub digits: [u8; 3],
    /// Whether the GS1-8 table was used (GTIN-8, or a value padded from a GTIN-8).
    pub gtin8: bool,
    pub class: PrefixClass,
    /// Member organisation or purpose of the range.
    pub holder: &'static str,
}

impl PrefixInfo {
    /// The three prefix digits as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.digits).unwrap_or("")
    }
}

/// The range of `table` that holds `p`. The tables are sorted and their ranges do not overlap
/// (a test checks both): a binary search for the first range that ends at or after `p`. A scan
/// from the start took ~500 instructions for a European prefix, on every product's GTIN.
fn lookup(table: &[PrefixRange], p: u16) -> Option<PrefixRange> {
    let i = table.partition_point(|r| r.to < p);
    table.get(i).copied().filter(|r| r.from <= p)
}

fn three(d: &[u8]) -> Option<([u8; 3], u16)> {
    let digits: [u8; 3] = d.get(..3)?.try_into().ok()?;
    if !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let value = digits
        .iter()
        .fold(0u16, |acc, &b| acc * 10 + u16::from(b - b'0'));
    Some((digits, value))
}

/// Classifies the prefix of a GTIN given as its 14-digit canonical form (ASCII digits).
#[must_use]
pub fn classify(gtin14: &[u8; 14]) -> PrefixInfo {
    // A GTIN-8 right-aligned to 14 digits starts with six zeros (GS1: 0000001-0000099 are
    // "unused to avoid collision with GTIN-8"): read the GS1-8 table on the last eight digits.
    let gtin8 = gtin14[..6].iter().all(|&b| b == b'0');
    let window = if gtin8 { &gtin14[6..] } else { &gtin14[1..] };
    let Some((digits, value)) = three(window) else {
        return PrefixInfo {
            digits: *b"???",
            gtin8,
            class: PrefixClass::Unassigned,
            holder: UNASSIGNED.holder,
        };
    };
    let range = if gtin8 {
        lookup(GS1_8_PREFIXES, value).or_else(|| lookup(GS1_PREFIXES, value))
    } else {
        lookup(GS1_PREFIXES, value)
    }
    .unwrap_or(UNASSIGNED);
    PrefixInfo {
        digits,
        gtin8,
        class: range.class,
        holder: range.holder,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class_of(gtin: &str) -> PrefixClass {
        let padded = format!("{gtin:0>14}");
        let arr: [u8; 14] = padded.as_bytes().try_into().expect("14 digits");
        classify(&arr).class
    }

    #[test]
    fn lookup_finds_the_range_a_scan_finds_for_every_prefix() {
        for table in [GS1_PREFIXES, GS1_8_PREFIXES] {
            for p in 0..=1000 {
                let scanned = table.iter().copied().find(|r| (r.from..=r.to).contains(&p));
                assert_eq!(lookup(table, p), scanned, "{p}");
            }
        }
    }

    #[test]
    fn table_is_sorted_and_non_overlapping() {
        for table in [GS1_PREFIXES, GS1_8_PREFIXES] {
            for w in table.windows(2) {
                assert!(w[0].from <= w[0].to && w[0].to < w[1].from, "{w:?}");
            }
            assert!(table.iter().all(|r| r.to <= 999));
        }
    }

    #[test]
    fn restricted_circulation_ranges_are_recognised() {
        assert_eq!(
            class_of("2001234567894"),
            PrefixClass::RestrictedCirculation
        );
        assert_eq!(
            class_of("2991234567892"),
            PrefixClass::RestrictedCirculation
        );
        // GTIN-12 starting 2 or 4 (UPC number systems 2 and 4): 02x / 04x.
        assert_eq!(class_of("212345678903"), PrefixClass::RestrictedCirculation);
        assert_eq!(class_of("412345678907"), PrefixClass::RestrictedCirculation);
    }

    #[test]
    fn coupon_and_refund_ranges_are_recognised() {
        assert_eq!(class_of("512345678900"), PrefixClass::Coupon); // 05x
        assert_eq!(class_of("9811234567892"), PrefixClass::Coupon);
        assert_eq!(class_of("9841234567899"), PrefixClass::Coupon);
        assert_eq!(class_of("9901234567899"), PrefixClass::Coupon);
        assert_eq!(class_of("9801234567890"), PrefixClass::RefundReceipt);
        assert!(PrefixClass::Coupon.fails_compliance());
        assert!(PrefixClass::RestrictedCirculation.fails_compliance());
        assert!(!PrefixClass::Isbn.fails_compliance());
    }

    #[test]
    fn books_serials_and_demo_numbers_are_recognised() {
        assert_eq!(class_of("9780306406157"), PrefixClass::Isbn);
        assert_eq!(class_of("9791234567896"), PrefixClass::Isbn);
        assert_eq!(class_of("9771234567003"), PrefixClass::Issn);
        assert_eq!(class_of("9521234567890"), PrefixClass::Demo);
    }

    #[test]
    fn gtin14_indicator_digit_is_not_part_of_the_prefix() {
        // Indicator 1 + GS1 Germany 400...
        assert_eq!(class_of("14006381333938"), PrefixClass::Member);
        // Indicator 5 + restricted 2xx.
        assert_eq!(
            class_of("52001234567892"),
            PrefixClass::RestrictedCirculation
        );
    }

    #[test]
    fn unassigned_prefixes_are_recognised() {
        for p in [
            "140", "199", "381", "391", "441", "472", "515", "650", "920", "975", "986",
        ] {
            assert_eq!(
                class_of(&format!("{p}1234567890")),
                PrefixClass::Unassigned,
                "{p}"
            );
        }
    }

    #[test]
    fn member_organisations_are_named() {
        let arr: [u8; 14] = *b"04006381333931";
        let info = classify(&arr);
        assert_eq!(info.holder, "GS1 Germany");
        assert_eq!(info.as_str(), "400");
        assert_eq!(class_of("036000291452"), PrefixClass::Member); // GS1 US
        assert_eq!(class_of("4791234567892"), PrefixClass::Member); // Sri Lanka
    }

    #[test]
    fn gtin8_uses_its_own_table() {
        assert_eq!(class_of("96385074"), PrefixClass::GlobalOffice);
        assert_eq!(class_of("01234565"), PrefixClass::RestrictedCirculation);
        assert_eq!(class_of("20123450"), PrefixClass::RestrictedCirculation);
        assert_eq!(class_of("40123455"), PrefixClass::Member);
        assert_eq!(class_of("98123458"), PrefixClass::Unassigned);
        // The same GTIN-8 zero-padded to 13 digits reads the same table.
        assert_eq!(class_of("0000040123455"), PrefixClass::Member);
        assert!(classify(b"00000040123455").gtin8);
    }
}
