//! The functions rhai's standard library gives hooks (the packages the hook engine loads:
//! everything but the time package), by name. A call to one of these is never reported as
//! unknown; its arguments are not checked here (rhai overloads them by type).

/// Names of rhai's standard functions, space-separated.
pub(crate) const STD_FUNCTIONS: &str = "
E Fn PI abs acos acosh add add_append add_append_char add_append_str add_assign
add_assign_append_char add_assign_append_str add_assign_append_unit add_fi add_if add_prepend
add_prepend_char all append append_char append_str as_string asin asinh atan atan2 atanh
back_trace bits bits_from_exclusive_range bits_from_inclusive_range bits_from_start
bits_from_start_and_len blob blob_with_capacity blob_with_capacity_and_value bytes call
ceiling chars chars_from_exclusive_range chars_from_inclusive_range chars_from_start
chars_from_start_len chop clear concat contains contains_char contains_exclusive
contains_inclusive cos cosh crop crop_inclusive_range crop_range crop_string_starting_from
curry debug debug_bool debug_char debug_f32 debug_f64 debug_fn_ptr debug_generic debug_string
debug_unit dedup dedup_by_comparer divide divide_fi divide_if drain drain_exclusive_range
drain_inclusive_range drain_range drain_range_inclusive end end_inclusive ends_with
ends_with_char eq eq_fi eq_if equals exit exit_with_value exp extract extract_inclusive_range
extract_range extract_range_inclusive extract_tail f32_to_decimal f32_to_f64 f32_to_int
f64_to_decimal f64_to_int fill_with filter find find_map find_map_starting_from
find_starting_from floor for_each format_array format_map fraction get get_bit get_bits
get_bits_range get_bits_range_inclusive get_chars get_tag gt gt_fi gt_if gte gte_fi gte_if
hypot i128_to_binary i128_to_hex i128_to_octal i16_to_binary i16_to_hex i16_to_octal
i32_to_binary i32_to_hex i32_to_octal i64_to_binary i64_to_hex i64_to_octal i8_to_binary
i8_to_hex i8_to_octal index_of index_of_char index_of_char_starting_from index_of_filter
index_of_filter_starting_from index_of_starting_from index_of_string_starting_from insert
int int_to_binary int_to_hex int_to_octal is_anonymous is_def_fn is_def_var is_empty
is_empty_exclusive is_empty_inclusive is_even is_exclusive is_exclusive_inclusive is_finite
is_inclusive is_inclusive_inclusive is_infinite is_nan is_odd is_shared is_zero keys len ln
log log10 lt lt_fi lt_if lte lte_fi lte_if make_err make_lower make_lower_char make_upper
make_upper_char map max merge min min_32_64 min_64_32 min_dd min_di min_ff_32 min_ff_64
min_fi_32 min_fi_64 min_id min_if_32 min_if_64 min_string mixin modulo modulo_fi modulo_if
multiply multiply_fi multiply_if name ne neg neq_fi neq_if new new_lazy not_equals order
order_by order_desc order_with_builtin order_with_builtin_desc pad pad_with_string
parse_be_float parse_be_float_range parse_be_float_range_inclusive parse_be_int
parse_be_int_range parse_be_int_range_inclusive parse_decimal parse_float parse_int
parse_int_radix parse_json parse_le_float parse_le_float_range parse_le_float_range_inclusive
parse_le_int parse_le_int_range parse_le_int_range_inclusive pop pop_string pow_f_f
pow_f_i power print print_bool print_char print_empty_string print_f32 print_f64
print_generic print_unit print_with_func push range range_from_to_stepped range_stepped
reduce reduce_rev reduce_rev_with_initial reduce_with_initial remove remove_char replace
replace_char replace_char_with_string replace_string_with_char retain retain_exclusive_range
retain_inclusive_range retain_range retain_range_inclusive reverse round round_down round_dp
round_half_down round_half_up round_up rsplit rsplit_char rsplitn rsplitn_char set set_bit
set_bits set_bits_range set_bits_range_inclusive set_tag shift shift_left shift_right
sign sin sinh some sort sort_by sort_desc sort_with_builtin sort_with_builtin_desc
splice splice_inclusive_range splice_range splice_range_inclusive split split_at
split_char split_rev split_whitespace splitn splitn_char sqrt start start_inclusive
starts_with starts_with_char sub_string sub_string_inclusive_range sub_string_range
sub_string_starting_from subtract subtract_assign subtract_fi subtract_if tag take
tan tanh to_array to_binary to_blob to_chars to_debug to_debug_generic to_decimal
to_degrees to_float to_hex to_int to_json to_lower to_lower_char to_octal to_radians
to_string to_string_generic to_upper to_upper_char trim truncate type_of u128_to_binary
u128_to_hex u128_to_octal u16_to_binary u16_to_hex u16_to_octal u32_to_binary u32_to_hex
u32_to_octal u64_to_binary u64_to_hex u64_to_octal u8_to_binary u8_to_hex u8_to_octal values
write_ascii write_ascii_string write_ascii_string_range write_ascii_string_range_inclusive
write_be write_be_float write_be_float_range write_be_float_range_inclusive write_be_int
write_be_int_range write_be_int_range_inclusive write_le write_le_float write_le_float_range
write_le_float_range_inclusive write_le_int write_le_int_range write_le_int_range_inclusive
write_utf8 write_utf8_string write_utf8_string_range write_utf8_string_range_inclusive zip
";

/// Whether `name` is a function of rhai's standard library.
pub(crate) fn is_std_function(name: &str) -> bool {
    STD_FUNCTIONS.split_ascii_whitespace().any(|known| known == name)
}
