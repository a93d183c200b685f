//! ISO 3166-1 alpha-3 codes to the lower-case alpha-2 codes the shop uses (`domain::locations`),
//! because Proxy-Seller names countries by alpha-3 (`"FRA"`) and the shop by alpha-2 (`"fr"`).

/// Every officially assigned alpha-3 code (Debian `iso-codes`) plus Kosovo's user-assigned `XKX`,
/// as `AAAbb` records sorted by alpha-3.
const TABLE: &str = "\
    ABWaw AFGaf AGOao AIAai ALAax ALBal ANDad AREae ARGar ARMam ASMas ATAaq ATFtf ATGag \
    AUSau AUTat AZEaz BDIbi BELbe BENbj BESbq BFAbf BGDbd BGRbg BHRbh BHSbs BIHba BLMbl \
    BLRby BLZbz BMUbm BOLbo BRAbr BRBbb BRNbn BTNbt BVTbv BWAbw CAFcf CANca CCKcc CHEch \
    CHLcl CHNcn CIVci CMRcm CODcd COGcg COKck COLco COMkm CPVcv CRIcr CUBcu CUWcw CXRcx \
    CYMky CYPcy CZEcz DEUde DJIdj DMAdm DNKdk DOMdo DZAdz ECUec EGYeg ERIer ESHeh ESPes \
    ESTee ETHet FINfi FJIfj FLKfk FRAfr FROfo FSMfm GABga GBRgb GEOge GGYgg GHAgh GIBgi \
    GINgn GLPgp GMBgm GNBgw GNQgq GRCgr GRDgd GRLgl GTMgt GUFgf GUMgu GUYgy HKGhk HMDhm \
    HNDhn HRVhr HTIht HUNhu IDNid IMNim INDin IOTio IRLie IRNir IRQiq ISLis ISRil ITAit \
    JAMjm JEYje JORjo JPNjp KAZkz KENke KGZkg KHMkh KIRki KNAkn KORkr KWTkw LAOla LBNlb \
    LBRlr LBYly LCAlc LIEli LKAlk LSOls LTUlt LUXlu LVAlv MACmo MAFmf MARma MCOmc MDAmd \
    MDGmg MDVmv MEXmx MHLmh MKDmk MLIml MLTmt MMRmm MNEme MNGmn MNPmp MOZmz MRTmr MSRms \
    MTQmq MUSmu MWImw MYSmy MYTyt NAMna NCLnc NERne NFKnf NGAng NICni NIUnu NLDnl NORno \
    NPLnp NRUnr NZLnz OMNom PAKpk PANpa PCNpn PERpe PHLph PLWpw PNGpg POLpl PRIpr PRKkp \
    PRTpt PRYpy PSEps PYFpf QATqa REUre ROUro RUSru RWArw SAUsa SDNsd SENsn SGPsg SGSgs \
    SHNsh SJMsj SLBsb SLEsl SLVsv SMRsm SOMso SPMpm SRBrs SSDss STPst SURsr SVKsk SVNsi \
    SWEse SWZsz SXMsx SYCsc SYRsy TCAtc TCDtd TGOtg THAth TJKtj TKLtk TKMtm TLStl TONto \
    TTOtt TUNtn TURtr TUVtv TWNtw TZAtz UGAug UKRua UMIum URYuy USAus UZBuz VATva VCTvc \
    VENve VGBvg VIRvi VNMvn VUTvu WLFwf WSMws XKXxk YEMye ZAFza ZMBzm ZWEzw";

/// The alpha-2 code (lower case) of an alpha-3 code, in any case; `None` when unknown.
pub(crate) fn alpha2(alpha3: &str) -> Option<&'static str> {
    if alpha3.len() != 3 {
        return None;
    }
    TABLE
        .split_ascii_whitespace()
        .find(|record| {
            record
                .get(..3)
                .is_some_and(|a3| a3.eq_ignore_ascii_case(alpha3))
        })
        .and_then(|record| record.get(3..))
}

/// The shop's code for a country as a provider wrote it: an alpha-3 or alpha-2 code, or an
/// English name the shop's location data knows. `None` for anything else.
pub(crate) fn shop_code(country: &str) -> Option<String> {
    let country = country.trim();
    if let Some(code) = alpha2(country) {
        return Some(code.to_owned());
    }
    if country.len() == 2
        && TABLE.split_ascii_whitespace().any(|r| {
            r.get(3..)
                .is_some_and(|a2| a2.eq_ignore_ascii_case(country))
        })
    {
        return Some(country.to_ascii_lowercase());
    }
    domain::locations::countries()
        .iter()
        .find(|known| known.name.eq_ignore_ascii_case(country))
        .map(|known| known.code.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_sorted_unique_and_well_formed() {
        let records: Vec<&str> = TABLE.split_ascii_whitespace().collect();
        assert_eq!(records.len(), 250);
        assert!(records.windows(2).all(|pair| pair[0] < pair[1]));
        for record in records {
            assert_eq!(record.len(), 5, "{record}");
            assert!(
                record[..3].bytes().all(|b| b.is_ascii_uppercase()),
                "{record}"
            );
            assert!(
                record[3..].bytes().all(|b| b.is_ascii_lowercase()),
                "{record}"
            );
        }
    }

    #[test]
    fn alpha3_codes_map_to_lower_case_alpha2() {
        assert_eq!(alpha2("FRA"), Some("fr"));
        assert_eq!(alpha2("usa"), Some("us"));
        assert_eq!(alpha2("GBR"), Some("gb"));
        assert_eq!(alpha2("DEU"), Some("de"));
        assert_eq!(alpha2("XKX"), Some("xk"));
        assert_eq!(alpha2("ZZZ"), None);
        assert_eq!(alpha2("FR"), None);
        assert_eq!(alpha2(""), None);
    }

    #[test]
    fn provider_countries_become_shop_codes() {
        assert_eq!(shop_code("FRA").as_deref(), Some("fr"));
        assert_eq!(shop_code(" DE ").as_deref(), Some("de"));
        assert_eq!(shop_code("Germany").as_deref(), Some("de"));
        assert_eq!(shop_code("Atlantis"), None);
        assert_eq!(shop_code("ZZ"), None);
    }
}
