//! The REPL's parsing, apart from the terminal: what a line typed at the `holechess play`
//! prompt asks for ([`command::read`]), the commands' help and usage, and the did-you-mean
//! suggestions for command and variant names ([`spelling`]). The binary drives the line
//! editor; the tests and the fuzz targets call these functions directly.
//!
//! ```
//! use holechess_repl::command::{read, Input};
//!
//! assert_eq!(read("e4"), Input::Move("e4".to_owned()));
//! assert_eq!(read("undo"), Input::Undo);
//! assert!(holechess_repl::command::suggestions("unod").contains(&"undo"));
//! ```

#![forbid(unsafe_code)]

pub mod command;
pub mod spelling;
