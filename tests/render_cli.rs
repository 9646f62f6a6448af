//! `holechess render`: an SVG diagram with pieces and tokens, to a file or standard output.

mod common;

fn holechess(args: &[&str]) -> std::process::Output {
    common::binary::holechess(args, "")
}

#[test]
fn renders_pieces_and_tokens_to_a_file() {
    let dir = std::env::temp_dir().join(format!("holechess-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("board.svg");
    let output = holechess(&["render", "porthole", "--last", "e4", "-o", path.to_str().unwrap()]);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("<svg"), "{svg}");
    assert!(svg.contains('♔') || svg.contains("king"), "pieces drawn");
    assert!(svg.contains("porthole"), "tokens drawn and named in the legend");
    assert!(svg.contains("Porthole Chess"), "the title");
}

#[test]
fn renders_to_standard_output_by_default() {
    let fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 pothole=d4(2)";
    let output = holechess(&["render", "pothole", "--fen", fen]);
    assert!(output.status.success());
    let svg = String::from_utf8_lossy(&output.stdout);
    assert!(svg.contains("<svg") && svg.trim_end().ends_with("</svg>"), "{svg}");
    assert!(svg.contains("pothole"), "{svg}");
}

#[test]
fn a_bad_last_move_is_invalid_input() {
    let output = holechess(&["render", "chess", "--last", "e5"]);
    assert_eq!(output.status.code(), Some(1));
}
