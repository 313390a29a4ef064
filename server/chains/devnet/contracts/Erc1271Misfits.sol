// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Contracts that do not accept signatures the ERC-1271 way. For tests only.
contract RevertingAccount {
    function isValidSignature(bytes32, bytes calldata) external pure returns (bytes4) {
        revert("no signatures here");
    }
}

contract WrongMagicAccount {
    function isValidSignature(bytes32, bytes calldata) external pure returns (bytes4) {
        return 0xffffffff;
    }
}
