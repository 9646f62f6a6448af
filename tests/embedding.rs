//! The embedding example (`examples/embedding.rs`) is compiled and run by
//! the tests, so the README's library use cannot rot.

#[allow(dead_code)]
#[path = "../examples/embedding.rs"]
mod embedding;

#[test]
fn the_embedding_example_plays_a_transit_and_validates_a_dice_record() {
    assert_eq!(embedding::play_porthole().unwrap(), ["e4", "e5", "Nf3>c6"]);
    assert_eq!(embedding::validate_record().unwrap(), 2);
}
