//! Test support: the shared testkit (orthodox chess and token kinds built as specs).

#![allow(unused_imports)]

pub use holechess_testkit::*;
